"""What the host and its clients share about the wire, beyond plain JSON."""
