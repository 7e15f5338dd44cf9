"""Grids and tables: where things are, what is next to what, and how far apart."""
