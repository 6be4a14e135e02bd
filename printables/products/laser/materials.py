"""Material presets for LightBurn projects: speed, power and passes per operation.

These are starting points for MACHINE (a 40-60 W CO2 laser tube), our own round numbers,
not tested settings for any one machine: run a test card on an offcut and adjust. The
class of machine is written into every LightBurn project's notes, so a maker with a diode
or fibre laser sees at once that the numbers are not for them. Speeds are in mm/s, power
in percent of the tube's maximum. Engraving is a fill (scan) at 0.1 mm line interval;
scoring is a light line that marks without cutting through; the reference is a tool layer
LightBurn keeps but never outputs.

Rulings made here: no output power is below FIRE_AT (10 %), where many CO2 tubes do not
fire reliably, and a layer's minimum power (what LightBurn runs at in corners, where the
head slows) is below its maximum but never below FIRE_AT, so corners do not burn darker
and a scored line does not vanish at them.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The class of machine every preset is written for.
MACHINE = "a 40-60 W CO2 laser"
#: Lowest power (%) a preset runs at: below this many CO2 tubes do not fire.
FIRE_AT = 10.0


@dataclass(frozen=True)
class Op:
    """Settings of one operation: speed in mm/s, power in % (the most, and the least in
    corners), number of passes."""

    speed: float
    power: float
    min_power: float
    passes: int = 1


DEFAULT_MATERIAL = "3mm-plywood"

MATERIALS: dict[str, dict[str, Op]] = {
    "3mm-plywood": {"engrave": Op(300, 20, 12), "score": Op(150, 15, 10),
                    "cut-inner": Op(15, 65, 45), "cut-outer": Op(15, 65, 45),
                    "reference": Op(100, 0, 0)},
    "3mm-acrylic": {"engrave": Op(350, 18, 12), "score": Op(200, 12, 10),
                    "cut-inner": Op(10, 70, 50), "cut-outer": Op(10, 70, 50),
                    "reference": Op(100, 0, 0)},
    "2mm-card": {"engrave": Op(400, 12, 10), "score": Op(300, 12, 10),
                 "cut-inner": Op(40, 30, 20), "cut-outer": Op(40, 30, 20),
                 "reference": Op(100, 0, 0)},
}
