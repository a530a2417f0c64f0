"""The table domain: a campaign of one game system, its participants, and its event log."""
