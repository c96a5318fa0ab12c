"""The files a monitor run writes, checked before the store is touched.

A run commits its windows to the store before the reports are written, so an output that
cannot be written must be refused first: otherwise the windows are stored, the command fails,
and the gate (``--fail-on``) never runs.
"""

from __future__ import annotations

from ..errors import EthicLensInputError


def check_monitor_outputs(json_out=None, html_out=None, store=None, inputs=(), spec=None) -> None:
    """Refuse, before any work, outputs the run could not write.

    Parameters
    ----------
    json_out : str, optional
        The JSON report's path; ``-`` is standard output.
    html_out : str, optional
        The dashboard's path (a file: ``-`` is refused).
    store : str, optional
        The store's SQLite file (a PostgreSQL URL is no file and is not checked).
    inputs : iterable of paths
        Files the run reads (the target, the config): no output may replace one.
    spec : AuditSpec, optional
        The run's spec: its outputs are first checked as the audit's are
        (:func:`ethiclens.spec.check_output_paths`: the dashboard's name must end in .html or
        .htm, as ``audit --html``'s).
    """
    from ..io import check_outputs, check_writable
    from ..spec import check_output_paths
    from ._store import check_new_store, is_store_url

    if spec is not None:
        check_output_paths(spec)

    if html_out == "-":
        raise EthicLensInputError(
            "only --json can go to standard output ('-')",
            column="--html",
            fix="give --html a file name",
        )
    outputs = {"--json": None if json_out == "-" else json_out, "--html": html_out}
    if store is not None and not is_store_url(store):
        outputs["--store"] = str(store)
    check_outputs(outputs, inputs=[x for x in inputs if x])
    for flag in ("--json", "--html"):
        if outputs[flag]:
            check_writable(outputs[flag])
    check_new_store(store)
