"""The documentation's generated pages: each is printed from the code's own tables when the
site is built (hooks.py), and never written by hand."""
