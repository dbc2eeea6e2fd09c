"""Colour-vision deficiency simulated, for the palette checks (on the palette's colours and on
browser screenshots): Machado, Oliveira & Fernandes (2009) matrices at full severity, applied in
linear sRGB; distances are CIE76 ΔE in CIELAB (D65).

Plain Python on purpose: a handful of colours, and a screenshot's pixels read one by one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

RGB = tuple[float, float, float]

MATRICES: dict[str, tuple[RGB, RGB, RGB]] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def rgb(colour: str) -> RGB:
    """``#rrggbb`` as three 0–255 numbers."""
    text = colour.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def _linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(max(v, 0.0), 1.0)
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(colour: Sequence[float], vision: str) -> RGB:
    """The sRGB colour as seen with ``vision`` (a key of :data:`MATRICES`)."""
    lin = [_linear(v) for v in colour[:3]]
    m = MATRICES[vision]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (_gamma(out[0]), _gamma(out[1]), _gamma(out[2]))


def lab(colour: Sequence[float]) -> RGB:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def distance(a: Sequence[float], b: Sequence[float], vision: str = "normal") -> float:
    """CIE76 ΔE between two sRGB colours as seen with ``vision``."""
    return math.dist(lab(simulate(a, vision)), lab(simulate(b, vision)))


def closest_pair(colours: dict[str, Sequence[float]], vision: str) -> tuple[float, str, str]:
    """The two colours nearest each other with ``vision``: (ΔE, name, name)."""
    names = sorted(colours)
    return min((distance(colours[a], colours[b], vision), a, b)
               for i, a in enumerate(names) for b in names[i + 1:])
