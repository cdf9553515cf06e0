"""The table host: HTTP API (FastAPI), durable store (sqlite-utils), auth, QR, start-up."""
