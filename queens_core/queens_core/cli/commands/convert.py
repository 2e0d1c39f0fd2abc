"""``queens convert``: a board read in any format a reader understands, written in the
format of an installed writer (text, SBN, a puz.link URL, a share link)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..exits import EXIT_BAD_INPUT, fail, open_output, warn_notes, write_output
from ..stars_option import parse_stars, stars_option

if TYPE_CHECKING:
    from ..app import Settings


@click.command(short_help="Write a board as SBN, a puz.link URL, a share link or text.")
@click.argument("source", metavar="IN")
@click.option(
    "--to",
    "to",
    required=True,
    metavar="FORMAT",
    help="The format to write: text, sbn, sbn2, puzlink, share, or an installed "
    "writer's (`queens writers list`).",
)
@click.option(
    "-o",
    "--output",
    "output",
    metavar="FILE",
    help="Write it to FILE instead of standard output.",
)
@click.option(
    "--no-marks",
    "no_marks",
    is_flag=True,
    help="Leave out the marks the input shows (queens, crosses), even for a format that "
    "carries them (sbn2, share).",
)
@click.option(
    "--page",
    "page",
    metavar="URL",
    help="With --to share: the address of the page the link opens, e.g. where you run "
    "`queens serve --host ...` (default http://127.0.0.1:8000/, where it listens).",
)
@stars_option
@click.pass_obj
def convert(
    settings: Settings,
    source: str,
    to: str,
    output: str | None,
    no_marks: bool,
    page: str | None,
    stars: str,
) -> None:
    """Read IN (a file, `-` for standard input, an SBN string, a puz.link URL or a share
    link) and write it in FORMAT, with its stars per unit (K) and, when the format
    carries them, the marks the input shows.

    \b
    Formats that come with queens:
      text     the text format, under a line `stars: K` when K >= 2
      sbn      Star Battle Notation version 1 (5x5 to 25x25, K up to 9)
      sbn2     Star Battle Notation version 2 (StarBattleLab's), with marks
      puzlink  a puz.link (pzprjs) Star Battle URL; Queens is its K = 1
      share    a link that opens the board (and marks) on the `queens serve` page

    \b
    Exit status: 0 written, 2 the input cannot be read, the format is unknown or
    cannot carry this board (its size, K, or a region in pieces), 4 a rule package
    failed to load.

    \b
    Examples:
      queens convert archive/boards/1.txt --to puzlink
      queens convert 'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou' --to text
      queens convert archive/starbattle/10x10-2stars-01.txt --to sbn -o board.sbn
      queens convert archive/boards/1.txt --to share --page https://example.org/
    """
    from ...api import BoardInputError, UnknownFormat, WriterError

    k = parse_stars(stars)
    app = settings.application()
    handle = open_output(output) if output else None
    try:
        conversion = app.convert(source, to, k, marks=not no_marks, page=page)
    except (UnknownFormat, WriterError) as err:
        if handle is not None:
            handle.close()
        fail(str(err), EXIT_BAD_INPUT)
    except BoardInputError as err:
        if handle is not None:
            handle.close()
        fail(str(err), EXIT_BAD_INPUT)
    warn_notes(source, conversion.notes)
    if handle is not None:
        write_output(handle, conversion.text + "\n")
    else:
        click.echo(conversion.text)
