"""A draft's JSON as it comes: a tree, whole text, or text a chunk at a time, handed to the shape reader in the order it is written."""
