"""The draft format, the producer whose reply is a draft itself: its producer, first prompt and schema."""
