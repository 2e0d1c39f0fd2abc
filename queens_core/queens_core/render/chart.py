"""A horizontal bar chart as plain SVG, written without a plotting library.

Horizontal bars leave room for long rule names ("Placement-forces-contradiction") as
readable labels; each bar carries its count at its end and a tooltip. Text widths are
estimated (the SVG is rendered elsewhere, with whatever sans-serif font is at hand), so
the margins are generous rather than exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
FONT_SIZE = 13
#: Average advance of a sans-serif character at FONT_SIZE, in pixels (a safe overestimate).
CHAR_WIDTH = 7.6
BAR_HEIGHT = 18
BAR_GAP = 6
PLOT_WIDTH = 520
#: Bar colours by group, in the order the groups are given (Tableau 10, colour-blind safe
#: enough for four groups); groups beyond the palette share the last colour.
PALETTE = ("#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2", "#9D755D")
GRID_COLOUR = "#DDDDDD"
TEXT_COLOUR = "#222222"


def nice_step(maximum: float, ticks: int = 6) -> float:
    """A tick step of 1, 2 or 5 times a power of ten giving about ``ticks`` intervals."""
    if maximum <= 0:
        return 1
    raw = maximum / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, factor * power)
    return 10 * power  # unreachable: factor 10 always suffices


def _text_width(text: str) -> float:
    return len(text) * CHAR_WIDTH


def _number(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


@dataclass(frozen=True)
class _Layout:
    """Where the parts of one chart go, in pixels."""

    left: int
    top: int
    bottom: int
    width: int
    height: int
    step: float
    axis_max: float

    def x_of(self, value: float) -> float:
        return self.left + PLOT_WIDTH * value / self.axis_max


def _layout(items: Sequence[tuple[str, float, str]], subtitle: str, legend: bool) -> _Layout:
    largest = max((value for _, value, _ in items), default=0)
    step = nice_step(largest)
    label_width = max((_text_width(label) for label, _, _ in items), default=0)
    left = math.ceil(label_width) + 20
    count_room = math.ceil(_text_width(_number(largest))) + 12
    top = (64 if subtitle else 46) + (26 if legend else 0)
    bottom = top + len(items) * (BAR_HEIGHT + BAR_GAP) + BAR_GAP
    return _Layout(
        left=left,
        top=top,
        bottom=bottom,
        width=left + PLOT_WIDTH + count_room + 10,
        height=bottom + 58,
        step=step,
        axis_max=max(step, math.ceil(largest / step) * step),
    )


def _heading(at: _Layout, title: str, subtitle: str) -> list[str]:
    """The document's opening tag, its background, the title and the subtitle."""
    width, height = at.width, at.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}" font-size="{FONT_SIZE}" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#FFFFFF"/>',
        f'<text x="{width / 2:.1f}" y="24" text-anchor="middle" font-size="16" '
        f'font-weight="bold" fill="{TEXT_COLOUR}">{escape(title)}</text>',
    ]
    if subtitle:
        parts.append(
            f'<text x="{width / 2:.1f}" y="44" text-anchor="middle" fill="#555555">'
            f"{escape(subtitle)}</text>"
        )
    return parts


def _legend(at: _Layout, groups: Sequence[str], colour_of: dict[str, str]) -> list[str]:
    """One swatch and name a group, in a row above the plot."""
    parts = []
    x = float(at.left)
    y = at.top - 22
    for group in groups:
        parts.append(
            f'<rect class="legend" x="{x:.1f}" y="{y}" width="12" height="12" '
            f'fill="{colour_of[group]}"/>'
        )
        parts.append(
            f'<text x="{x + 17:.1f}" y="{y + 11}" fill="{TEXT_COLOUR}">{escape(group)}</text>'
        )
        x += 17 + _text_width(group) + 18
    return parts


def _grid(at: _Layout) -> list[str]:
    """A vertical line and a number at every tick of the value axis."""
    parts = []
    tick = 0.0
    while tick <= at.axis_max + at.step / 2:
        x = at.x_of(tick)
        parts.append(
            f'<line class="grid" x1="{x:.1f}" y1="{at.top}" x2="{x:.1f}" y2="{at.bottom}" '
            f'stroke="{GRID_COLOUR}"/>'
        )
        parts.append(
            f'<text class="tick" x="{x:.1f}" y="{at.bottom + 18}" text-anchor="middle" '
            f'fill="{TEXT_COLOUR}">{_number(tick)}</text>'
        )
        tick += at.step
    return parts


def _bars(
    at: _Layout, items: Sequence[tuple[str, float, str]], colour_of: dict[str, str]
) -> list[str]:
    """Each item's label, bar (with its tooltip) and count."""
    parts = []
    left = at.left
    for i, (label, value, group) in enumerate(items):
        y = at.top + BAR_GAP + i * (BAR_HEIGHT + BAR_GAP)
        middle = y + BAR_HEIGHT / 2 + FONT_SIZE * 0.35
        bar_width = at.x_of(value) - left
        parts.append(
            f'<text class="label" x="{left - 8}" y="{middle:.1f}" text-anchor="end" '
            f'fill="{TEXT_COLOUR}">{escape(label)}</text>'
        )
        parts.append(
            f'<rect class="bar" x="{left}" y="{y}" width="{bar_width:.1f}" '
            f'height="{BAR_HEIGHT}" fill="{colour_of.get(group, PALETTE[0])}">'
            f"<title>{escape(label)}: {_number(value)}</title></rect>"
        )
        parts.append(
            f'<text class="count" x="{left + bar_width + 5:.1f}" y="{middle:.1f}" '
            f'fill="{TEXT_COLOUR}">{_number(value)}</text>'
        )
    return parts


def _axes(at: _Layout, x_label: str) -> list[str]:
    """The two axis lines and the value axis's label."""
    left, top, bottom = at.left, at.top, at.bottom
    return [
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="{TEXT_COLOUR}"/>',
        f'<line x1="{left}" y1="{bottom}" x2="{left + PLOT_WIDTH}" y2="{bottom}" '
        f'stroke="{TEXT_COLOUR}"/>',
        f'<text x="{left + PLOT_WIDTH / 2:.1f}" y="{bottom + 42}" text-anchor="middle" '
        f'fill="{TEXT_COLOUR}">{escape(x_label)}</text>',
    ]


def bar_chart_svg(
    items: Sequence[tuple[str, float, str]],
    title: str,
    x_label: str,
    subtitle: str = "",
    groups: Sequence[str] = (),
) -> str:
    """An SVG document: one bar per (label, value, group), top to bottom in the given
    order, coloured by group, with a legend of ``groups`` (every group used must be in
    it; without groups every bar has the first colour and there is no legend)."""
    colour_of = {group: PALETTE[min(i, len(PALETTE) - 1)] for i, group in enumerate(groups)}
    at = _layout(items, subtitle, bool(groups))
    parts = _heading(at, title, subtitle)
    if groups:
        parts += _legend(at, groups, colour_of)
    parts += _grid(at) + _bars(at, items, colour_of) + _axes(at, x_label)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
