"""Writers behind ``AuditResult.to_html`` / ``to_model_card`` and ``ModelComparison.to_html``.

The result objects live in ``ethiclens.fairness``, below this layer; they look these writers up
by kind in ``ethiclens._renderers``, where this module registers them (through
``fairness.register_renderer``) when ``ethiclens.report`` is imported; the package root imports
it on the first lookup (docs/adr/0007-layout.md).
"""

from __future__ import annotations

from .._checks import names_words
from .._keywords import refusing_unknown_keywords
from ..errors import EthicLensInputError
from ..fairness import AuditResult, ModelComparison, ThresholdTable, register_renderer
from . import _plots as plots
from ._audit_report import _plain_withheld, build_audit_report, forest_args, threshold_notes
from ._compare_report import build_comparison_report
from ._model_card import card_format, render_card
from ._paths import check_result, write_checked, write_suffixed
from ._provenance import card
from ._threshold_plot import threshold_figure as draw_threshold_figure
from ._threshold_plot import write_threshold_png
from ._threshold_report import build_threshold_report


def _write_html(build, result, path, title, example, argument="result", kind=AuditResult):
    """``build``'s report of ``result`` written to ``path``; no path (``''``, ``3``, None,
    bytes, ``Path('')``: :func:`~ethiclens.fairness.check_path`, ``example`` in its fix), a
    name that says another format (``report.pdf``) or a missing folder refused naming the
    argument ``path`` before any work (:func:`._paths.write_checked`); ``result`` that is no
    ``kind`` is refused naming ``argument``."""
    check_result(result, kind, argument)
    html = lambda: build(result, title).to_html()  # noqa: E731 - built once the path passed
    return write_suffixed(path, example, "--html", ".html", "the HTML report", html)


@refusing_unknown_keywords
def write_audit_html(result, path, title=None):
    """The audit's HTML report, written atomically (as ``ethiclens audit --html``)."""
    return _write_html(build_audit_report, result, path, title, "report.html")


def write_audit_card(result, path):
    """The audit's model card, written atomically: HTML for ``.html``/``.htm``, Markdown for
    ``.md``/``.markdown``; any other extension is refused before anything is written."""
    check_result(result, AuditResult, "result")
    card = lambda: render_card(result, path)  # noqa: E731
    return write_checked(path, "card.md", "--model-card", lambda: card_format(path), card)


def write_comparison_html(comparison, path, title=None):
    """The two-model comparison's HTML report, written atomically."""
    return _write_html(
        build_comparison_report,
        comparison,
        path,
        title,
        "comparison.html",
        "comparison",
        ModelComparison,
    )


def write_threshold_html(table, path, title=None):
    """The threshold view's HTML report (plot and verdicts per attribute), written atomically."""
    return _write_html(
        build_threshold_report, table, path, title, "thresholds.html", "table", ThresholdTable
    )


def audit_figure(result, kind="forest", attribute=None):
    """A matplotlib Figure of the audit: ``"forest"`` (DI and EO per comparison with their
    intervals against the policy band) or ``"rates"`` (PPV and FPR per group of ``attribute``,
    default the first)."""
    names = [a.name for a in result.attributes]
    if attribute is not None and str(attribute) not in names:  # 0 finds attribute '0'
        problem = "no such protected attribute"
        fix = f"one of {names_words(names)}"
        raise EthicLensInputError(problem, column="attribute", value=attribute, fix=fix)
    if kind == "forest":
        if attribute is not None:
            problem = "the forest plot shows every attribute's comparisons"
            fix = "drop attribute, or plot(kind='rates', attribute=...) for one attribute"
            raise EthicLensInputError(problem, column="attribute", value=attribute, fix=fix)
        fig = plots.forest_figure(*forest_args(result))[0]
    elif kind == "rates":
        attr = result.attributes[names.index(names[0] if attribute is None else str(attribute))]
        if "positive_predictive_value" not in attr.groups[0].metrics:
            problem = (
                "needs labels: PPV and the false-positive rate compare predictions with y_true"
            )
            fix = "audit with y_true, or plot(kind='forest')"
            raise EthicLensInputError(problem, column="kind", value=kind, fix=fix)
        fig = plots.ppv_fpr_figure(attr.name, attr.groups, forest_args(result)[-1])[0]
    else:
        fix = "kind='forest' or kind='rates'"
        if _is_file_name(kind):  # plot('p.png'), as ThresholdTable.plot(path) takes a path
            fix += f"; it returns a matplotlib Figure: save it with .plot().savefig({str(kind)!r})"
        raise EthicLensInputError("unknown plot", column="kind", value=kind, fix=fix)
    return _detach(fig)


def _is_file_name(value) -> bool:
    """``value`` a path (os.PathLike), or text naming a file (a suffix such as .png)."""
    import os

    if isinstance(value, os.PathLike):
        return True
    return isinstance(value, str) and bool(os.path.splitext(value)[1][1:].isalnum())


def threshold_figure(table, attribute=None):
    """The threshold view as a matplotlib Figure (what ``ThresholdTable.plot()`` returns)."""
    return _detach(draw_threshold_figure(table, attribute))


def _detach(fig):
    """``fig``, which IPython will draw when it is returned (once: it is in no pyplot list).

    Loading the configured backend (the kernel's inline one) registers IPython's figure
    formatter; pyplot loads it lazily, only when it draws itself. Outside IPython this loads
    a non-interactive backend and draws nothing.
    """
    import matplotlib
    import matplotlib.pyplot as plt

    plt.switch_backend(matplotlib.get_backend())
    return fig


register_renderer("audit_html", write_audit_html)
register_renderer("audit_figure", audit_figure)
register_renderer("thresholds_figure", threshold_figure)
register_renderer("thresholds_html", write_threshold_html)
register_renderer("thresholds_notes", threshold_notes)
register_renderer("audit_notes", threshold_notes)
register_renderer("withheld_words", _plain_withheld)  # the repr's and notebook's headline
register_renderer("thresholds_png", write_threshold_png)
register_renderer("audit_card", write_audit_card)
register_renderer("compare_html", write_comparison_html)
register_renderer("provenance_check", card)  # audit(provenance={'card': ...}) checked when asked
