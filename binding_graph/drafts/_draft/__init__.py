"""The draft format, the producer whose reply is a draft itself: its producer, prompt, schema, functions and inverse."""
