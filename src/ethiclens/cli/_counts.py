"""``ethiclens counts``: the counts table of a file, a database table or query, for hand-over."""

from __future__ import annotations

import click

from ..errors import EthicLensInputError
from ._common import FILE, STRICT_INT, NotFolder, writable
from ._options import SpecRequest, spec_flag


@click.command("counts")
@click.argument("target", required=False, type=NotFolder(readable=False))  # a NUL: one line
@click.option(
    "--config",
    type=NotFolder(dir_okay=False),
    metavar="FILE",
    help="Read the target, roles and bins from an audit spec (YAML/JSON); flags override it.",
)
@click.option("--y-true", help="Label column.")
@click.option("--y-pred", help="Prediction column (here or in --config).")
@click.option("--y-score", help="Score column in [0, 1]: adds score-bin cells for calibration.")
@click.option("--protected", multiple=True, metavar="COL", help="Repeatable (or in --config).")
@click.option("--weight", help="Sample-weight column: adds weight and squared-weight sums.")
@spec_flag("counts", "--bins", "Bin a numeric attribute: ATTR=E0,E1,... (age=0,25,65,120).")
@click.option("--n-bins", type=STRICT_INT, help="Score bins (with --y-score; default 10).")
@spec_flag("counts", "--engine", None)  # the field's words, checks and help, as audit's
@click.option("--db", metavar="URL", help="SQLAlchemy database URL (counts run in the database).")
@click.option("--db-env", metavar="NAME", help="Environment variable holding the database URL.")
@click.option("--table", "db_table", metavar="NAME", help="Table to count (with --db).")
@click.option("--query", metavar="SQL", help="Query whose rows are counted (with --db).")
@spec_flag("counts", "--scheduler", None)
@click.option(
    "--min-cell",
    type=STRICT_INT,
    metavar="K",
    help="Drop cells with fewer than K rows before writing (stated in the file and every "
    "report made from it). Small cells can identify people.",
)
@click.option(
    "--out",
    required=True,
    type=FILE,
    help="File to write, in the format its suffix names: .parquet/.pq (metadata inside) or "
    ".csv (metadata in OUT.ethiclens.json beside it).",
)
def counts_command(target, out, n_bins, min_cell, **flags):
    """Write the counts table of TARGET (a file, glob or folder) or of --db: only aggregates."""
    from ..fairness import check_score_bins
    from ..sources import counts_format, counts_outputs, hand_over
    from ..spec import count_target

    writable(counts_outputs(out, "--out"), inputs=[target] if target else [])  # not the input
    counts_format(out, "--out")  # the suffix says the format; an unknown one is refused now
    request = SpecRequest(click.get_current_context(), target)  # each refusal names its flag
    click.echo("".join(f"{n}\n" for n in request.notes), err=True, nl=False)  # as audit's
    n_bins = check_score_bins(n_bins, bool(request.spec.roles.y_score), "--n-bins", "--y-score")
    try:  # a key a counts table is not made of, and two y_pred: refused by the library
        table, where = count_target(request.spec, n_bins)
    except EthicLensInputError as exc:
        raise request.flag_error(exc) from None
    click.echo(hand_over(table, out, min_cell=min_cell, source=where))
