"""Laser-cut files of a game: board and pieces laid out on sheets of material.

The package is split by job: :mod:`.sheets` (requests, packing, sheet scenes, file output),
:mod:`.board` and :mod:`.split` (the board as marks, split into parts that assemble),
:mod:`.pieces` (playing pieces as parts), :mod:`.model` (the plain data they share),
:mod:`.text` (outlined and single-stroke lettering) and :mod:`.lbrn2` (LightBurn
projects, in printables.render). The public entry points are re-exported here.
"""

from printables.products.laser.sheets import (FORMATS, LAYERS, PROFILES, LaserRequest, Sheet,
                                              board_sheets, dxf_available, laser_files,
                                              laser_request, laser_sheets, piece_sheets,
                                              render_sheet)

__all__ = ["FORMATS", "LAYERS", "PROFILES", "LaserRequest", "Sheet", "board_sheets",
           "dxf_available", "laser_files", "laser_request", "laser_sheets", "piece_sheets",
           "render_sheet"]
