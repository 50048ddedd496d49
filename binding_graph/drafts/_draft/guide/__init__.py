"""A guided draft: what a model may write next, from the problem's text and the draft so far."""
