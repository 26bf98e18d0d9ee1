"""Volland: glue shared by every layer (settings and the command-line entry point)."""

__version__ = "0.1.0"
