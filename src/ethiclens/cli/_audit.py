"""``ethiclens audit``: a benchmark's standard model, COMPAS's own score, or a user's CSV."""

from __future__ import annotations

from pathlib import Path

import click

from .. import datasets as ds_mod
from .._checks import SKLEARN_SEED_LIMIT, check_seed
from ..errors import EthicLensInputError

# pandas, scikit-learn and matplotlib are imported inside the functions, so that
# `ethiclens audit --help` stays fast (ADR 0007).

FAIL_ON = ("flagged", "inconclusive", "never")
DI_RULES = ("two_sided", "below")
CI_CHOICES = ("jeffreys", "bca", "percentile")

COMPAS_DECILE_USE = (
    "COMPAS is a commercial risk-assessment tool (Northpointe, now Equivant) used in US "
    "pretrial and sentencing decisions. Its decile score is audited here on ProPublica's "
    "Broward County data, as in ProPublica's 2016 analysis; EthicLens makes no claim about its "
    "fitness for any use."
)


class AuditGateFailed(click.ClickException):
    """``--fail-on`` held: exit code 1 (bad input stays 2), one line naming the comparisons."""

    exit_code = 1

    def show(self, file=None):
        click.echo(self.message, err=True)


def _parse_protected(values, columns=None):
    """``COL`` or ``COL=REFERENCE`` -> (columns, {column: reference}).

    A column whose own name contains "=" is matched whole first (``--protected 'a=b'``), then
    split at the "=" that leaves a known column on the left (``--protected 'a=b=x'``). Group
    names given in a list (``--group-order``-style) are stripped of spaces around them.
    """
    cols, refs = [], {}
    known = set(map(str, columns)) if columns is not None else None
    for item in values:
        col, sep, ref = item.partition("=")
        if known is not None and item in known:
            col, sep, ref = item, "", ""
        elif known is not None and col not in known and "=" in item:
            left, _, right = item.rpartition("=")
            if left in known:
                col, sep, ref = left, "=", right
        col = col if known is not None and col in known else col.strip()
        ref = ref.strip()
        if col in cols:
            raise EthicLensInputError(
                "given twice",
                column="--protected",
                value=col,
                fix="name each protected attribute once (a reference with NAME=GROUP)",
            )
        cols.append(col)
        if sep:
            refs[col] = ref
    return cols, refs


def _choice(choices):
    """A click callback: one of ``choices``, else a one-line error naming the flag (exit 2)."""

    def check(ctx, param, value):
        if value is None or value in choices:
            return value
        flag = param.opts[0]
        raise EthicLensInputError(
            f"unknown value for {flag}",
            column=flag,
            value=value,
            fix=f"use one of {', '.join(choices)}",
        )

    return check


def _positive_int(ctx, param, value):
    """A click callback: None, or an integer >= 1, else a one-line error naming the flag."""
    if value is None:
        return None
    flag = param.opts[0]
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or number < 1:
        raise EthicLensInputError(
            "must be a whole number of at least 1",
            column=flag,
            value=value,
            fix=f"e.g. {flag} 50 (lower floors mean noisier verdicts; say so when you report them)",
        )
    return number


def parse_excludes(values) -> dict:
    """``ATTR=GROUP`` (repeatable) -> ``{attr: [group, ...]}``."""
    out: dict[str, list[str]] = {}
    for item in values:
        attr, sep, group = item.partition("=")
        attr, group = attr.strip(), group.strip()
        if not (sep and attr and group):
            raise EthicLensInputError(
                "must be ATTR=GROUP",
                column="--exclude-group",
                value=item,
                fix="e.g. --exclude-group race=Asian",
            )
        out.setdefault(attr, [])
        if group not in out[attr]:
            out[attr].append(group)
    return out


def parse_merges(values) -> dict:
    """``ATTR=A,B:NEW`` (repeatable) -> ``{attr: {new: [a, b, ...]}}``."""
    out: dict[str, dict[str, list[str]]] = {}
    example = 'e.g. --merge-groups "race=Asian,Native American:Other"'
    for item in values:
        attr, sep, rest = item.partition("=")
        groups, colon, new = rest.rpartition(":")
        attr, new = attr.strip(), new.strip()
        olds = [g.strip() for g in groups.split(",")]
        if not (sep and colon and attr and new) or not all(olds):
            raise EthicLensInputError(
                "must be ATTR=GROUP,GROUP,...:NEW_NAME",
                column="--merge-groups",
                value=item,
                fix=example,
            )
        if len(set(olds)) < 2:
            raise EthicLensInputError(
                "a merge needs two or more different groups",
                column="--merge-groups",
                value=item,
                fix=example,
            )
        if new in out.get(attr, {}):
            raise EthicLensInputError(
                f"two merges into {new!r}",
                column="--merge-groups",
                value=item,
                fix="list every group of one merge in one flag",
            )
        out.setdefault(attr, {})[new] = list(dict.fromkeys(olds))
    return out


def parse_bins(values, protected_columns) -> dict:
    """``--bins age=0,25,45,65,120`` -> ``{"age": [0.0, 25.0, ...]}``, checked."""
    from ..fairness import check_bin_edges

    out = {}
    for item in values:
        attr, sep, edges = item.partition("=")
        attr = attr.strip()
        if not sep or not attr or not edges.strip():
            raise EthicLensInputError(
                "must be ATTR=E0,E1,...", column="--bins", value=item, fix="e.g. age=0,25,45,65,120"
            )
        if attr in out:
            raise EthicLensInputError(
                "an attribute binned twice", column="--bins", value=attr, fix="give it once"
            )
        if attr not in protected_columns:
            raise EthicLensInputError(
                "bins an attribute that is not audited",
                column="--bins",
                value=attr,
                fix=f"add --protected {attr}, or bin one of {sorted(protected_columns)}",
            )
        out[attr] = check_bin_edges([e.strip() for e in edges.split(",")], "--bins")
    return out


def _binned(sensitive, bins):
    """The protected columns with ``--bins`` applied (row-level paths)."""
    import pandas as pd

    from ..fairness import bin_attribute

    frame = pd.DataFrame(sensitive).copy()
    for col, edges in parse_bins(bins, list(frame.columns)).items():
        frame[col] = bin_attribute(frame[col], edges, col).to_numpy()
    return frame


ENGINE_FLAGS = {
    "exclude_groups": "--exclude-group",
    "merge_groups": "--merge-groups",
    "min_group_size": "--min-group-size",
    "min_label_count": "--min-labels",
    "di_rule": "--di-rule",
    "intersections": "--intersect",
    "n_boot": "--n-boot",
    "random_state": "--seed",
    "ci": "--ci",
}


def _flag_error(exc: EthicLensInputError) -> EthicLensInputError:
    """The engine names Python keywords (merge_groups['race']); the CLI names its flags."""
    column = str(exc.column) if exc.column is not None else ""
    for key, flag in ENGINE_FLAGS.items():
        if column == key or column.startswith(key + "["):
            return EthicLensInputError(exc.problem, column=flag, value=exc.value, fix=exc.fix)
    return exc


def _compare_models(ctx: click.Context):
    """``audit --y-pred A --y-pred B``: run the ``compare`` command (resolved through the
    command group) with the flags both share; a flag only the audit has is refused rather than
    silently ignored, and compare refuses an interval method it does not have."""
    from click.core import ParameterSource

    root = ctx.find_root()
    compare_command = root.command.get_command(root, "compare") if root is not ctx else None
    if compare_command is None:
        raise EthicLensInputError(
            "comparing two models needs the ethiclens command group",
            column="--y-pred",
            fix="run it as: ethiclens compare DATA --y-pred A --y-pred B",
        )
    shared = {p.name for p in compare_command.params}
    given = {
        p.name: p
        for p in ctx.command.params
        if ctx.get_parameter_source(p.name) not in (ParameterSource.DEFAULT, None)
    }
    for name, param in given.items():
        harmless = name == "engine" and ctx.params[name] in ("auto", "pandas")
        if name not in shared and not harmless:
            flag = param.opts[0] if param.opts else name.upper()
            raise EthicLensInputError(
                "is not available when comparing two models (--y-pred given twice)",
                column=flag,
                fix=f"drop {flag}, or audit each model on its own (one --y-pred)",
            )
    return ctx.invoke(compare_command, **{k: ctx.params[k] for k in given if k in shared})


@click.command("audit")
@click.argument("target", required=False)
@click.option(
    "--counts",
    "counts_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Audit a counts table (from `ethiclens counts`) instead of rows.",
)
@click.option(
    "--engine",
    default="auto",
    show_default=True,
    callback=_choice(("auto", "pandas", "duckdb", "dask", "spark")),
    metavar="auto|pandas|duckdb|dask|spark",
    help="Who counts a file: pandas (in memory), duckdb (out of core, only the needed "
    "columns), dask or spark (local mode unless --scheduler names a Spark master); auto: "
    "DuckDB for CSV/Parquet files, globs and folders when installed, else pandas.",
)
@click.option("--db", metavar="URL", help="SQLAlchemy database URL: the GROUP BY runs there.")
@click.option("--table", "db_table", metavar="NAME", help="Table to audit (with --db).")
@click.option("--query", metavar="SQL", help="Query whose rows are audited (with --db).")
@click.option(
    "--scheduler",
    metavar="ADDRESS|local-cluster",
    help="Dask scheduler (--engine dask), or Spark master such as local[4] or "
    "spark://host:7077 (--engine spark; default local[2]).",
)
@click.option("--y-true", help="Label column (user file).")
@click.option(
    "--y-pred",
    multiple=True,
    help="Prediction column (user file). Given twice (model A, then model B): the paired "
    "comparison of ethiclens compare.",
)
@click.option("--y-score", help="Score column in [0, 1] (user file), enables calibration.")
@click.option(
    "--protected",
    multiple=True,
    metavar="COL[=REFERENCE]",
    help="Protected attribute, optionally with its reference group. Repeatable. "
    "For benchmarks, restricts the audit to these attributes.",
)
@click.option("--weight", help="Sample-weight column (user file).")
@click.option(
    "--pos-label",
    help="Value of --y-true/--y-pred that is the positive label, when they are not 0/1.",
)
@click.option(
    "--positive",
    type=click.Choice(["favorable", "harmful"]),
    default=None,
    help="Is the positive label a benefit or a harm? (user file; default favorable)",
)
@click.option(
    "--intersect",
    multiple=True,
    metavar="A,B",
    help="Also audit crossed groups of these attributes. Repeatable.",
)
@click.option(
    "--exclude-group",
    "exclude",
    multiple=True,
    metavar="ATTR=GROUP",
    help="Leave GROUP of ATTR out of the audit (stated in every report). Repeatable.",
)
@click.option(
    "--merge-groups",
    "merge",
    multiple=True,
    metavar="ATTR=A,B[,...]:NEW",
    help="Audit groups A, B, ... of ATTR as one group NEW (stated in every report). Repeatable.",
)
@click.option(
    "--bins",
    "bins",
    multiple=True,
    metavar="ATTR=E0,E1,...",
    help="Bin a numeric protected attribute into groups [E0, E1), ..., [Ek-1, Ek] (e.g. "
    "age=0,25,45,65,120); values outside the edges are refused. Repeatable.",
)
@click.option(
    "--min-group-size",
    callback=_positive_int,
    metavar="N",
    help="Rows per group needed to judge selection-rate metrics (default 100).",
)
@click.option(
    "--min-labels",
    callback=_positive_int,
    metavar="N",
    help="Positive and negative labels per group needed to judge error-rate metrics (default 30).",
)
@click.option(
    "--di-rule",
    default="two_sided",
    show_default=True,
    callback=_choice(DI_RULES),
    metavar="two_sided|below",
    help="two_sided: flag a DI interval entirely outside [0.80, 1.25], whichever group "
    "is the reference; below: only one entirely below 0.80.",
)
@click.option(
    "--fail-on",
    default="never",
    show_default=True,
    callback=_choice(FAIL_ON),
    metavar="flagged|inconclusive|never",
    help="After writing the outputs, exit 1 when any comparison is FLAGGED "
    "(flagged) or FLAGGED/INCONCLUSIVE (inconclusive). For CI.",
)
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
    "--score",
    type=click.Choice(["model", "decile"]),
    default="model",
    help="compas only: 'decile' audits COMPAS's own risk score "
    "(Medium/High = predicted positive) instead of a trained model.",
)
@click.option("--states", default="CO", show_default=True, help="acs-income: states, e.g. CO,NE.")
@click.option("--year", default=2018, show_default=True, help="acs-income: survey year.")
@click.option("--download", is_flag=True, help="acs-income: allow downloading missing states.")
@click.option("--seed", default=0, show_default=True, help="Seed for the split and intervals.")
@click.option("--n-boot", default=2000, show_default=True, help="Interval draws (replicates).")
@click.option(
    "--ci",
    default="jeffreys",
    show_default=True,
    callback=_choice(CI_CHOICES),
    metavar="jeffreys|bca|percentile",
    help="Interval method.",
)
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the JSON report.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="Write the HTML report.")
@click.option(
    "--model-card", "card_out", type=click.Path(dir_okay=False), help="Write a Markdown model card."
)
def audit_command(
    target,
    counts_file,
    engine,
    db,
    db_table,
    query,
    scheduler,
    y_true,
    y_pred,
    y_score,
    protected,
    weight,
    pos_label,
    positive,
    intersect,
    exclude,
    merge,
    bins,
    min_group_size,
    min_labels,
    di_rule,
    fail_on,
    model_name,
    model_version,
    intended_use,
    card_info,
    score,
    states,
    year,
    download,
    seed,
    n_boot,
    ci,
    json_out,
    html_out,
    card_out,
):
    """Audit TARGET: a dataset name (compas, adult, german, acs-income) or a CSV/Parquet file."""
    from ..fairness import Policy, audit
    from ..io import check_outputs
    from ..report import (
        check_writable,
        load_card_info,
        render_html,
        render_model_card,
        write_atomic,
    )
    from ._summary import print_summary

    if len(y_pred) > 1:
        return _compare_models(click.get_current_context())
    y_pred = y_pred[0] if y_pred else None
    if (
        counts_file
        or db
        or engine in ("duckdb", "dask", "spark")
        or (target and target not in ds_mod.DATASETS and _pick(engine, target) != "pandas")
    ):
        return _audit_where_it_lives(locals())
    if not target:
        raise EthicLensInputError(
            "nothing to audit", column="TARGET", fix="name a dataset or a file, or --db/--counts"
        )
    is_file = target not in ds_mod.DATASETS
    outputs = {"--json": json_out, "--html": html_out, "--model-card": card_out}
    check_outputs(outputs, inputs=[target if is_file else None, card_info])
    for out in outputs.values():
        if out:
            check_writable(out)
    check_seed(seed, "--seed", limit=SKLEARN_SEED_LIMIT)  # before a benchmark model trains
    excludes, merges = parse_excludes(exclude), parse_merges(merge)
    policy_args = {"di_rule": di_rule}
    if min_group_size is not None:
        policy_args["min_group_size"] = min_group_size
    if min_labels is not None:
        policy_args["min_label_count"] = min_labels
    try:
        policy = Policy(**policy_args)
    except EthicLensInputError as exc:
        raise _flag_error(exc) from None
    card = load_card_info(card_info, "--card-info") if card_info else {}
    user = {
        "name": model_name,
        "version": model_version,
        "intended_use": intended_use,
        "card": card,
    }
    intersections = [tuple(s.strip() for s in item.split(",")) for item in intersect]
    if not is_file:
        inputs = _benchmark_inputs(
            target, protected, score, states, year, download, seed, excludes, merges, user
        )
    else:
        if Path(target).suffix == "" and not Path(target).exists():
            raise EthicLensInputError(
                "unknown dataset or file",
                column="TARGET",
                value=target,
                fix=f"use one of {sorted(ds_mod.DATASETS)} or a .csv/.parquet path",
            )
        inputs = _file_inputs(
            target, y_true, y_pred, y_score, protected, weight, positive, user, excludes, merges
        )
    if bins:
        inputs["sensitive"] = _binned(inputs["sensitive"], bins)
    try:
        result = audit(
            inputs["y_true"],
            inputs["y_pred"],
            inputs["sensitive"],
            y_score=inputs.get("y_score"),
            reference=inputs["reference"] or None,
            reference_source=inputs.get("reference_source"),
            sample_weight=inputs.get("weight"),
            intersections=intersections or None,
            exclude_groups=excludes or None,
            merge_groups=merges or None,
            pos_label=pos_label,
            positive_is_favorable=inputs["favorable"],
            n_boot=n_boot,
            ci=ci,
            policy=policy,
            random_state=seed,
            provenance=inputs["provenance"],
        )
    except EthicLensInputError as exc:
        raise _flag_error(exc) from None
    print_summary(result)
    if json_out:
        write_atomic(json_out, result.to_json())
        click.echo(f"wrote {json_out}")
    if html_out:
        write_atomic(html_out, render_html(result))
        click.echo(f"wrote {html_out}")
    if card_out:
        write_atomic(card_out, render_model_card(result))
        click.echo(f"wrote {card_out}")
    gate_failure(result, fail_on)


def gate_failure(result, fail_on: str) -> None:
    """Raise ``AuditGateFailed`` (exit 1) when the ``--fail-on`` condition holds."""
    from ..fairness import FLAGGED, INCONCLUSIVE

    if fail_on == "never":
        return
    bad_status = (FLAGGED,) if fail_on == "flagged" else (FLAGGED, INCONCLUSIVE)
    bad = [c for c in result.comparisons if c.status in bad_status or c.flagged]
    if bad:
        names = ", ".join(f"{c.key} ({c.status})" for c in bad)
        raise AuditGateFailed(
            f"--fail-on {fail_on}: exit 1 because of {len(bad)} "
            f"comparison{'s' if len(bad) > 1 else ''}: {names}"
        )


def _apply_user(model: dict, user: dict) -> dict:
    """The user's --model-name / --model-version (over --card-info's) in the model record."""
    details = user["card"].get("model_details", {})
    name = user["name"] or details.get("name")
    version = user["version"] or details.get("version")
    return {
        **({"name": name} if name else {}),
        **({"version": version} if version else {}),
        **model,
    }


def _user_use(user: dict):
    return user["intended_use"] or user["card"].get("intended_use", {}).get("primary_uses")


def _edited_reference(attr, ref, excludes, merges, given: bool):
    """A reference that was merged becomes the merged group; an excluded default one, None.

    Excluding a reference the user gave is an error (which would they want instead?).
    """
    if ref in excludes.get(attr, []):
        if given:
            raise EthicLensInputError(
                f"the reference group {ref!r} of {attr} is excluded",
                column="--exclude-group",
                fix=f"keep it, or choose another reference with --protected {attr}=GROUP",
            )
        return None
    for new, olds in merges.get(attr, {}).items():
        if ref in olds:
            return new
    return ref


def _benchmark_inputs(name, protected, score, states, year, download, seed, excludes, merges, user):
    from ..fairness import check_group_edits
    from ..models import train_standard_model
    from ..report import benchmark_provenance

    kwargs = {}
    if name == "acs-income":
        kwargs = {"states": states.split(","), "year": year, "download": download}
    ds = ds_mod.load(name, **kwargs)
    if ds.text:
        raise EthicLensInputError(
            f"{name} is a text dataset without a standard audit model",
            column="TARGET",
            fix=f"use: ethiclens pcer train {name}, or audit your own predictions from a CSV",
        )
    cols, refs = _parse_protected(protected, ds.protected.columns)
    for col in cols:
        if col not in ds.protected.columns:
            raise EthicLensInputError(
                f"is not a protected attribute of {name}",
                column=col,
                fix=f"use one of {list(ds.protected.columns)}",
            )
    cols = cols or list(ds.protected.columns)
    try:  # before the benchmark model is trained
        check_group_edits(ds.protected[cols], excludes, merges)
    except EthicLensInputError as exc:
        raise _flag_error(exc) from None
    reference, source = {}, {}
    for c in cols:
        given = c in refs
        ref = _edited_reference(c, refs.get(c, ds.reference[c]), excludes, merges, given)
        if ref is not None:  # a default reference that is excluded: the largest group instead
            reference[c] = ref
            source[c] = "given" if given else "dataset default"
    if score == "decile":
        if name != "compas":
            raise EthicLensInputError(
                "--score decile exists only for compas",
                column="--score",
                value=score,
                fix="drop --score or use compas",
            )
        model = _apply_user(
            {
                "model": "COMPAS decile score (Northpointe)",
                "audited": "score_text Medium or High = predicted positive",
                "n_test": len(ds),
            },
            user,
        )
        prov = benchmark_provenance(
            ds, model, standard_model=False, intended_use=_user_use(user) or COMPAS_DECILE_USE
        )
        prov["card"] = user["card"]
        return {
            "y_true": ds.label,
            "sensitive": ds.protected[cols],
            "reference": reference,
            "reference_source": source,
            "y_pred": ds.extra["score_text"].isin(["Medium", "High"]).astype(int),
            "favorable": ds.positive_is_favorable,
            "provenance": prov,
        }
    run = train_standard_model(ds, seed=seed)
    model = _apply_user(
        {"trained_by": "EthicLens (the benchmark's standard model)", **run.description}, user
    )
    prov = benchmark_provenance(ds, model, standard_model=True, intended_use=_user_use(user))
    prov["card"] = user["card"]
    return {
        "y_true": run.y_test.reset_index(drop=True),
        "y_pred": run.y_pred,
        "y_score": run.y_score,
        "sensitive": run.protected_test[cols],
        "reference": reference,
        "reference_source": source,
        "favorable": ds.positive_is_favorable,
        "provenance": prov,
    }


def _file_inputs(
    path, y_true, y_pred, y_score, protected, weight, positive, user, excludes, merges
):
    from ..io import check_roles, read_table, require_columns

    if not y_pred or not protected:
        raise EthicLensInputError(
            "a file audit needs --y-pred and at least one --protected",
            column="--y-pred/--protected",
            fix="e.g. --y-true label --y-pred pred --protected sex=Male",
        )
    frame = read_table(path)
    cols, refs = _parse_protected(protected, frame.columns)
    wanted = [c for c in (y_true, y_pred, y_score, weight) if c] + cols
    require_columns(frame, wanted, path)
    roles = {"--y-true": y_true, "--y-pred": y_pred, "--y-score": y_score, "--weight": weight}
    check_roles(roles, cols)
    refs = {c: _edited_reference(c, r, excludes, merges, True) for c, r in refs.items()}
    model = {"predictions": f"column {y_pred!r} of {Path(path).name}"}
    if y_score:
        model["scores"] = f"column {y_score!r}"
    prov = {"dataset": str(path), "model": _apply_user(model, user), "card": user["card"]}
    if y_true:
        prov["label"] = y_true
    use = _user_use(user)
    if use:
        prov["intended_use"] = use
    return {
        "y_true": frame[y_true] if y_true else None,
        "y_pred": frame[y_pred],
        "y_score": frame[y_score] if y_score else None,
        "weight": frame[weight] if weight else None,
        "sensitive": frame[cols],
        "reference": refs,
        "favorable": positive != "harmful",
        "provenance": prov,
    }


def _pick(engine, target):
    from ._counts import pick_engine

    return pick_engine(engine, target, None)


def _audit_where_it_lives(a: dict) -> None:
    """Audit a counts file, a database, or a file counted by DuckDB or Dask: only counts here."""
    from ..fairness import Policy, audit_counts
    from ..io import check_outputs, check_roles
    from ..report import (
        check_writable,
        load_card_info,
        render_html,
        render_model_card,
        write_atomic,
    )
    from ..sources import Roles, read_counts
    from ._counts import count_source, pick_engine, source_columns
    from ._summary import print_summary

    outputs = {"--json": a["json_out"], "--html": a["html_out"], "--model-card": a["card_out"]}
    check_outputs(outputs, inputs=[a["target"], a["counts_file"], a["card_info"]])
    for out in outputs.values():
        if out:
            check_writable(out)
    excludes, merges = parse_excludes(a["exclude"]), parse_merges(a["merge"])
    policy_args = {"di_rule": a["di_rule"]}
    if a["min_group_size"] is not None:
        policy_args["min_group_size"] = a["min_group_size"]
    if a["min_labels"] is not None:
        policy_args["min_label_count"] = a["min_labels"]
    try:
        policy = Policy(**policy_args)
    except EthicLensInputError as exc:
        raise _flag_error(exc) from None
    card = load_card_info(a["card_info"], "--card-info") if a["card_info"] else {}
    user = {
        "name": a["model_name"],
        "version": a["model_version"],
        "intended_use": a["intended_use"],
        "card": card,
    }
    if a["counts_file"]:
        if a["target"] or a["db"]:
            raise EthicLensInputError(
                "--counts is the whole input", column="--counts", fix="drop TARGET and --db"
            )
        table = read_counts(a["counts_file"])
        cols, refs = _parse_protected(a["protected"], table.columns)
        where = dict(table.attrs.get("ethiclens_source") or {})
        where["counts_file"] = str(a["counts_file"])
        model = {"predictions": "cells of a counts table"}
        engine = "counts table"
    else:
        if a["engine"] == "spark" and a["db"]:
            raise EthicLensInputError(
                "--engine spark reads files; with --db the database counts",
                column="--engine",
                value="spark",
                fix="drop --engine spark, or drop --db and name a file",
            )
        engine = pick_engine(a["engine"], a["target"], a["db"])
        if a["db"] and not (a["db_table"] or a["query"]):
            raise EthicLensInputError(
                "--db needs --table NAME or --query SQL",
                column="--db",
                fix="e.g. --table predictions",
            )
        known = source_columns(
            engine, a["target"], db=a["db"], table=a["db_table"], query=a["query"]
        )
        cols, refs = _parse_protected(a["protected"], known)
        if not a["y_pred"] or not cols:
            raise EthicLensInputError(
                "an audit needs --y-pred and at least one --protected",
                column="--y-pred/--protected",
                fix="e.g. --y-true label --y-pred pred --protected sex=Male",
            )
        flags = ("--y-true", "--y-pred", "--y-score", "--weight")
        check_roles({f: a[f[2:].replace("-", "_")] for f in flags}, cols)
        roles = Roles(a["y_pred"], cols, a["y_true"], a["y_score"], a["weight"])
        table, where = count_source(
            engine,
            a["target"],
            roles,
            db=a["db"],
            table=a["db_table"],
            query=a["query"],
            scheduler=a["scheduler"],
        )
        where_from = Path(a["target"]).name if a["target"] else a["db_table"] or "the query"
        model = {"predictions": f"column {a['y_pred']!r} of {where_from}"}
        if a["y_score"]:
            model["scores"] = f"column {a['y_score']!r}"
    if a["bins"]:
        from ..fairness import bin_counts

        table = bin_counts(table, parse_bins(a["bins"], cols))
    refs = {c: _edited_reference(c, r, excludes, merges, True) for c, r in refs.items()}
    prov = {**where, "engine": engine, "model": _apply_user(model, user), "card": user["card"]}
    if "dataset" not in prov:
        prov["dataset"] = prov.get("database") or prov.get("counts_file")
    if table.attrs.get("ethiclens_suppression"):
        prov["min_cell_suppression"] = table.attrs["ethiclens_suppression"]
    if a["y_true"]:
        prov["label"] = a["y_true"]
    use = _user_use(user)
    if use:
        prov["intended_use"] = use
    intersections = [tuple(s.strip() for s in item.split(",")) for item in a["intersect"]]
    try:
        result = audit_counts(
            table,
            protected=cols or None,
            reference=refs or None,
            intersections=intersections or None,
            exclude_groups=excludes or None,
            merge_groups=merges or None,
            pos_label=a["pos_label"],
            positive_is_favorable=a["positive"] != "harmful",
            n_boot=a["n_boot"],
            ci=a["ci"],
            policy=policy,
            random_state=a["seed"],
            provenance=prov,
        )
    except EthicLensInputError as exc:
        raise _flag_error(exc) from None
    print_summary(result)
    for flag, render in (
        ("json_out", lambda r: r.to_json()),
        ("html_out", render_html),
        ("card_out", render_model_card),
    ):
        if a[flag]:
            write_atomic(a[flag], render(result))
            click.echo(f"wrote {a[flag]}")
    gate_failure(result, a["fail_on"])
