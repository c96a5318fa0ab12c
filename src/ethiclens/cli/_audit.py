"""``ethiclens audit``: flags (and --config) -> AuditSpec -> ``ethiclens.run`` -> print/write.

Loading the target, editing groups, building the policy and deciding the gate all live in the
library (``ethiclens.spec``, ``ethiclens.fairness``); this module only parses and prints.
"""

from __future__ import annotations

import click

from ._options import GateFailed, SpecRequest, execute, spec_options

# Kept for callers of the previous module layout.
AuditGateFailed = GateFailed
# Audit flags a comparison of two models (--y-pred given twice) does not take.
AUDIT_ONLY = {
    "y_score": "--y-score",
    "model_name": "--model-name",
    "model_version": "--model-version",
    "intended_use": "--intended-use",
    "card_info": "--card-info",
    "card_out": "--model-card",
    "pdf_out": "--pdf",
    "score": "--score",
    "baseline": "--baseline",
}


def _console(to_stderr: bool):
    from .._text import safe_console

    return safe_console(stderr=True) if to_stderr else None


def print_audit(result, to_stderr: bool = False) -> None:
    from ._summary import print_summary

    print_summary(result, _console(to_stderr))


@click.command("audit")
@click.argument("target", required=False)
@click.option(
    "--y-pred",
    multiple=True,
    help="Prediction column (user file). Given twice (model A, then model B): the paired "
    "comparison of ethiclens compare.",
)
@spec_options("audit")
@click.option("--model-name", help="Name of the audited model (model card, HTML report).")
@click.option("--model-version", help="Version of the audited model.")
@click.option("--intended-use", help="The model's primary intended use, in words.")
@click.option(
    "--card-info",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="YAML or JSON with model-card fields (Mitchell et al.): model_details, "
    "intended_use, factors, metrics, evaluation_data, training_data, "
    "ethical_considerations, caveats_and_recommendations.",
)
@click.option(
    "--model-card",
    "card_out",
    type=click.Path(dir_okay=False),
    help="Write the model card: card.html (HTML) or card.md (Markdown).",
)
@click.option(
    "--pdf",
    "pdf_out",
    type=click.Path(dir_okay=False),
    help="Write the report as PDF (headless Chromium; print layout, nothing cut).",
)
def audit_command(target, **_flags):
    """Audit TARGET: a dataset name (compas, adult, german, acs-income) or a CSV/Parquet file."""
    from ..errors import EthicLensInputError
    from ._compare import print_comparison

    ctx = click.get_current_context()
    request = SpecRequest(ctx, target)
    if len(request.spec.roles.y_pred) == 2:
        for name, flag in AUDIT_ONLY.items():
            if request.spec_has(name):
                raise EthicLensInputError(
                    "is not available when comparing two models (--y-pred given twice)",
                    column=flag,
                    fix=f"drop {flag}, or audit each model on its own (one --y-pred)",
                )
        return execute(request, "compare", print_comparison)
    return execute(request, "audit", print_audit)
