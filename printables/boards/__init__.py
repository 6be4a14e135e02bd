"""Board model and one builder per topology; no I/O, no drawing."""

from printables.boards.model import Board, Decoration, Label, Line, Space

__all__ = ["Board", "Decoration", "Label", "Line", "Space"]
