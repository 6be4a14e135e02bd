"""printables: print-ready boards, pieces, booklets and laser files for abstract games."""

__version__ = "0.2.0"
