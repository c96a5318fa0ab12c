"""Watch a deployed model: per-window counts and anytime-valid fairness evidence.

``run_monitor(MonitorRequest(...), store)`` counts a target with a time column per window
(DuckDB or pandas), adds the windows after the store's last one to betting e-processes (null:
the policy's tolerance band) and confidence sequences, and keeps everything in a store (a
SQLite file or a PostgreSQL database).
See docs/monitoring.md.
"""

from .._keywords import refusing_exports
from ._engines import count_windows
from ._evidence import BetPolicy, Evidence, window_estimates
from ._outputs import check_monitor_outputs, write_monitor_outputs
from ._read import read_store
from ._render import LABELS as TEST_LABELS
from ._render import (
    MAX_PLOTS,
    absent_text,
    baseline_pending_text,
    has_baseline_tests,
    plotted_comparisons,
    render_html,
    request_lines,
    summary_lines,
    trend_png,
    trend_text,
    untested_text,
)
from ._report import SCHEMA_VERSION, MonitorResult, e_value_text
from ._request import MonitorRequest, config_keys_named, monitor_spec
from ._run import missing_code_notes, read_store_report, run_monitor, store_notes
from ._store import Store, is_store_url
from ._windows import Columns, Window, parse_window

__all__ = [
    "TEST_LABELS",
    "MonitorRequest",
    "monitor_spec",
    "config_keys_named",
    "MonitorResult",
    "run_monitor",
    "missing_code_notes",
    "store_notes",
    "check_monitor_outputs",
    "write_monitor_outputs",
    "read_store_report",
    "read_store",
    "Evidence",
    "BetPolicy",
    "window_estimates",
    "Store",
    "is_store_url",
    "Window",
    "Columns",
    "parse_window",
    "count_windows",
    "SCHEMA_VERSION",
    "render_html",
    "summary_lines",
    "absent_text",
    "untested_text",
    "baseline_pending_text",
    "request_lines",
    "trend_png",
    "trend_text",
    "plotted_comparisons",
    "has_baseline_tests",
    "MAX_PLOTS",
    "e_value_text",
]

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords)
refusing_exports(globals())
