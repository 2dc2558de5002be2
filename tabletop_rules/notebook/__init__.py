"""Everything Jupyter: rendering and (later) widgets. Imports core and games, never the reverse."""
