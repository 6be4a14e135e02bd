"""Material presets for LightBurn projects: speed, power and passes per operation.

These are starting points for a 40-60 W CO2 laser, our own round numbers, not tested
settings for any one machine: run a test card on an offcut and adjust. Speeds are in mm/s,
power in percent of the tube's maximum. Engraving is a fill (scan) at 0.1 mm line
interval; scoring is a light line that marks without cutting through; the reference is a
layer LightBurn keeps but does not output.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Op:
    """Settings of one operation: speed in mm/s, power in %, number of passes."""

    speed: float
    power: float
    passes: int = 1


DEFAULT_MATERIAL = "3mm-plywood"

MATERIALS: dict[str, dict[str, Op]] = {
    "3mm-plywood": {"engrave": Op(300, 20), "score": Op(150, 15), "cut-inner": Op(15, 65),
                    "cut-outer": Op(15, 65), "reference": Op(100, 0)},
    "3mm-acrylic": {"engrave": Op(350, 18), "score": Op(200, 12), "cut-inner": Op(10, 70),
                    "cut-outer": Op(10, 70), "reference": Op(100, 0)},
    "2mm-card": {"engrave": Op(400, 10), "score": Op(250, 6), "cut-inner": Op(40, 30),
                 "cut-outer": Op(40, 30), "reference": Op(100, 0)},
}
