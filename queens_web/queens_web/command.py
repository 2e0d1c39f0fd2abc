"""The ``queens serve`` command, registered through ``queens_register_commands``.

This module is what the ``queens.commands`` entry point names, so it imports only click
and the core's hook marker: ``queens --help`` lists ``serve`` without importing the web
server, which comes in when the command runs.
"""

from __future__ import annotations

import click

from queens_core import hookimpl


@click.command(short_help="Play in the browser: a web page with hints, steps and checks.")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on. The default is reachable from this machine only.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=int,
    callback=lambda ctx, param, port: _port(port),
    metavar="PORT",
    help="The port to listen on, from 0 to 65535; 0 picks a free one.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Also answer requests addressed to NAME (a host name or address, as in the URL "
    "the browser uses), e.g. this machine's name when listening on 0.0.0.0. Repeatable.",
)
@click.pass_context
def serve(
    ctx: click.Context, host: str, port: int, open_browser: bool, allow_hosts: tuple[str, ...]
) -> None:
    """Serve a web page to play a board, get a hint and step through the reasoning.

    The page draws the board in its regions' colours; click a cell to cycle empty, ✕,
    ♛. Paste a board's text (or, with queens-read-image installed, a screenshot), or
    make a New board of a size and grade, then ask for a Hint (the technique first,
    then where and why), Explain (every step of the solve, one at a time) or Check
    (unique? solvable by logic? how hard?). The page's JSON API, under /api/, gives
    the same documents as `--format json`.

    It listens on 127.0.0.1 unless told otherwise, answers only requests addressed to
    the address it listens on (or localhost), limits the size of requests and reads no
    file. Stop it with Ctrl-C.

    \b
    Examples:
      queens serve
      queens serve --port 8080 --open
    """
    from .server import run

    # Loaded once the server listens (the page paints meanwhile); a broken rule package
    # still stops the command with its one line and status 4.
    run(ctx.obj.registry, host, port, open_browser, allow_hosts)


@hookimpl
def queens_register_commands() -> list[click.Command]:
    return [serve]


def _port(port: int) -> int:
    # Checked here, not by click.IntRange, whose help would add "0<=x<=65535".
    if not 0 <= port <= 65535:
        raise click.BadParameter(f"{port} is not from 0 to 65535")
    return port
