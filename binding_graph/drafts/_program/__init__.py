"""The program format: PAL and Program-of-Thoughts programs, read through a whitelist, never run, and translated into drafts; its producer and first prompt."""
