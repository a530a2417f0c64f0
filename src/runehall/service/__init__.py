"""The table service over HTTP and WebSocket (FastAPI)."""
