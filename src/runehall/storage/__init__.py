"""Storage: the database schema, migrations, and the append-only event store."""
