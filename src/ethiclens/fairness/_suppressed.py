"""Groups a counts table's ``--min-cell`` suppression dropped whole: present in the data,
absent from the cells. The audit reports each as an INSUFFICIENT_DATA comparison, so a
headline the rows would withhold is withheld from the table too, never shown instead."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field, replace

from ..errors import EthicLensInputError
from . import _policy as pol
from ._result import Comparison, MetricEstimate
from ._validate import INTERSECTION_SEP

# The counts table's metadata key of its --min-cell statement and that statement's record of
# the groups that lost every cell (``ethiclens.sources.suppress_small_cells`` writes both).
SUPPRESSION_KEY = "ethiclens_suppression"
SUPPRESSED_GROUPS = "suppressed_groups"
# ... and of the attributes' value tuples that lost every cell (two attributes or more), so
# an intersection audit reports each crossing the rows had but the table lost.
SUPPRESSED_CROSSINGS = "suppressed_crossings"
SUPPRESSED_METHOD = pol.SUPPRESSED_METHOD  # kept in _policy, which the notebook views read
# ... and of the groups that lost some of their cells, not all (names only): their rates are
# computed without those cells' rows, so each comparison of one says so in its reasons.
PARTLY_SUPPRESSED = "partly_suppressed_groups"


def suppressed_groups(record) -> dict:
    """The groups a counts table's ``--min-cell`` statement says lost every cell.

    Parameters
    ----------
    record : dict or None
        The statement, ``table.attrs["ethiclens_suppression"]``.

    Returns
    -------
    dict
        ``{attribute: [group, ...]}`` (names only), attributes without one left out; ``{}``
        for none, or for a table written before the statement named them.
    """
    if not isinstance(record, dict):
        return {}
    return {str(a): list(g) for a, g in (record.get(SUPPRESSED_GROUPS) or {}).items() if g}


_RECORD = f"table.attrs[{SUPPRESSION_KEY!r}]"
_RECORD_FIX = (
    "write the table with ethiclens counts --min-cell or ethiclens.sources.suppress_small_cells "
    f"(ethiclens.sources.read_counts checks a file's statement), or drop {_RECORD}"
)


def _record_error(where: str, problem: str, value) -> EthicLensInputError:
    return EthicLensInputError(
        problem, column=f"{_RECORD}{where}", value=value, fix=_RECORD_FIX, kind="key"
    )


def checked_record(record) -> dict | None:
    """A DataFrame's ``--min-cell`` statement as the audit reads it: an object whose
    ``min_cell`` is a whole number of at least 1 and whose group lists map attribute -> a
    list of names (text or numbers); None for none. Anything else is refused, named: a list
    read as a mapping escaped as a bare AttributeError, a name given as text was read as its
    characters, and ``--min-cell None`` was printed."""
    if record is None:
        return None
    if not isinstance(record, dict):
        raise _record_error("", "must be the --min-cell statement (an object)", record)
    cell = record.get("min_cell")
    if isinstance(cell, bool) or not isinstance(cell, numbers.Integral) or cell < 1:
        problem = "must be a whole number of at least 1" + (
            "" if "min_cell" in record else " (it is missing)"
        )
        raise _record_error("['min_cell']", problem, cell)
    for key in (SUPPRESSED_GROUPS, PARTLY_SUPPRESSED):
        value = record.get(key)
        if value is None:
            continue
        if not isinstance(value, dict):
            raise _record_error(
                f"[{key!r}]", "must map each attribute to a list of group names", value
            )
        for attr, names in value.items():
            if not isinstance(names, list | tuple) or not all(
                isinstance(n, str | numbers.Real) for n in names
            ):
                raise _record_error(
                    f"[{key!r}][{attr!r}]", "must be a list of group names (text or numbers)", names
                )
    crossed = record.get(SUPPRESSED_CROSSINGS)
    attrs = crossed.get("attributes") if isinstance(crossed, dict) else None
    rows = crossed.get("groups") if isinstance(crossed, dict) else None
    if crossed is not None and not (
        isinstance(attrs, list)
        and isinstance(rows, list)
        and all(isinstance(r, list | tuple) and len(r) == len(attrs) for r in rows)
    ):
        raise _record_error(
            f"[{SUPPRESSED_CROSSINGS!r}]",
            'must be {"attributes": [names], "groups": [[one group name per attribute], ...]}',
            crossed,
        )
    return record


@dataclass
class Suppressed:
    """The audited attributes' suppressed groups (as text, as the audit names groups)."""

    min_cell: int | None = None
    groups: dict = field(default_factory=dict)
    # suppressed groups the audit was told to leave out
    excluded: dict = field(default_factory=dict)
    crossings: dict = field(default_factory=dict)  # the record of crossings that lost all
    left_out: dict = field(default_factory=dict)  # attribute -> every group excluded (text)
    renamed: dict = field(default_factory=dict)  # attribute -> {merged group: its new name}
    partly: dict = field(default_factory=dict)  # attribute -> groups that lost some cells

    @classmethod
    def of(cls, meta: dict, cols, opts):
        """The table's suppressed groups of the attributes ``cols``, and the options with an
        exclusion of one taken out (it has no cells to leave out); a reference naming one, or
        a merge taking one in, refused."""
        record = checked_record(meta.get(SUPPRESSION_KEY))
        gone = suppressed_groups(record)
        groups = {str(a): [str(g) for g in gone[str(a)]] for a in cols if str(a) in gone}
        crossed = record.get(SUPPRESSED_CROSSINGS) if isinstance(record, dict) else None
        crossed = crossed if isinstance(crossed, dict) and crossed.get("groups") else {}
        part = record.get(PARTLY_SUPPRESSED) if isinstance(record, dict) else None
        part = suppressed_groups({SUPPRESSED_GROUPS: part})
        partly = {str(a): [str(g) for g in part[str(a)]] for a in cols if str(a) in part}
        found = groups or crossed or partly
        self = cls(record.get("min_cell") if found else None, groups, crossings=crossed)
        self.partly = partly
        self._note_edits(opts)
        if not groups:
            return self, opts
        self._check_merges(opts.merge_groups)
        self._check_references(opts.reference, list(cols))
        return self, replace(opts, exclude_groups=self._excluded(opts.exclude_groups))

    def _note_edits(self, opts) -> None:
        """The exclusions and merges a lost crossing's groups go through (as text)."""
        exclude, merge = opts.exclude_groups, opts.merge_groups  # a wrong type: refused later
        for attr, names in (exclude if isinstance(exclude, dict) else {}).items():
            many = isinstance(names, list | tuple)
            self.left_out[str(attr)] = {str(n) for n in (names if many else [names])}
        for attr, spec in (merge if isinstance(merge, dict) else {}).items():
            for new, olds in spec.items() if isinstance(spec, dict) else []:
                many = isinstance(olds, list | tuple)
                for o in olds if many else [olds]:
                    self.renamed.setdefault(str(attr), {})[str(o)] = str(new)

    def why(self) -> str:
        return f"suppressed by --min-cell {self.min_cell}"

    def _fix(self) -> str:
        return f"count the data again with a smaller --min-cell (it was {self.min_cell})"

    def _excluded(self, exclude):
        """The exclusions less the suppressed groups they name (those are dropped here)."""
        if not isinstance(exclude, dict):
            return exclude
        out = {}
        for attr, names in exclude.items():
            gone = self.groups.get(str(attr), [])
            many = isinstance(names, list | tuple)
            keep = [n for n in (names if many else [names]) if str(n) not in gone]
            named = {str(n) for n in (names if many else [names])}
            if attr in self.groups:
                self.groups[attr] = [g for g in gone if g not in named]
                self.excluded[attr] = [g for g in gone if g in named]
            if keep:
                out[attr] = keep if many else keep[0]
        self.groups = {a: g for a, g in self.groups.items() if g}
        return out or None

    def _check_references(self, reference, cols) -> None:
        refs = reference if isinstance(reference, dict) else {}
        if reference is not None and not isinstance(reference, dict) and len(cols) == 1:
            refs = {cols[0]: reference}
        for attr, ref in refs.items():
            if str(ref) in self.groups.get(str(attr), []):
                raise EthicLensInputError(
                    f"reference group {str(ref)!r} of {attr} was {self.why()} when the table "
                    "was counted (every cell of it held fewer rows): the table has none of its "
                    "rows to compare against",
                    column=str(attr),
                    value=ref,
                    fix=f"name another reference group, or {self._fix()}",
                )

    def _check_merges(self, merges) -> None:
        for attr, spec in (merges if isinstance(merges, dict) else {}).items():
            gone = self.groups.get(str(attr), [])
            for olds in spec.values() if isinstance(spec, dict) else []:
                taken = [str(o) for o in (olds if isinstance(olds, list | tuple) else [olds])]
                hit = [o for o in taken if o in gone]
                if hit:
                    raise EthicLensInputError(
                        f"group {hit[0]!r} of {attr} was {self.why()} when the table was "
                        "counted: a merge would hold none of its rows",
                        column=f"merge_groups[{str(attr)!r}]",
                        value=hit[0],
                        fix=f"exclude it instead, or {self._fix()}",
                    )

    def stated(self, edits: dict) -> dict:
        """The group edits as done, with the suppressed groups excluded added back: the
        result states every exclusion asked for."""
        done = edits["exclude_groups"]
        for attr, names in self.excluded.items():
            if names:
                done[attr] = sorted({*done.get(attr, []), *names})
        return edits

    def build(self, build):
        """``build`` (a counts path's cells of one attribute), refusing an attribute left
        with a single group by the suppression in its own words."""

        def checked(name, groups, codes):
            gone = self.groups.get(str(name))
            if held := [g for g in map(str, groups) if g in (gone or [])]:
                raise _record_error(
                    f"[{SUPPRESSED_GROUPS!r}][{str(name)!r}]",
                    f"says --min-cell dropped every cell of {name} {held[0]!r}, but the table "
                    "holds cells of it",
                    held[0],
                )
            if gone and len(groups) < 2:
                left = f"a single group {groups[0]!r}" if len(groups) else "no group"
                raise EthicLensInputError(
                    f"has {left} in the counts table: its other groups "
                    f"({', '.join(map(repr, gone))}) were {self.why()} when it was counted, "
                    "so nothing is left to compare",
                    column=str(name),
                    fix=self._fix(),
                )
            return build(name, groups, codes)

        return checked

    def _crossings_lost(self, name: str, comps: list) -> list:
        """The crossings of intersection ``name`` the rows had and the table lost: the
        recorded value tuples' projections that no kept crossing (a comparison's group or its
        reference) has, none of an excluded group."""
        attrs = self.crossings.get("attributes") or []
        combo = name.split(INTERSECTION_SEP)
        if len(combo) < 2 or not comps or not all(a in attrs for a in combo):
            return []
        at = [attrs.index(a) for a in combo]
        kept = {c.group for c in comps} | {comps[0].reference}
        out = []
        for row in self.crossings["groups"]:
            parts = [
                self.renamed.get(a, {}).get(str(row[i]), str(row[i]))
                for a, i in zip(combo, at, strict=True)
            ]
            if any(p in self.left_out.get(a, ()) for a, p in zip(combo, parts, strict=True)):
                continue
            label = INTERSECTION_SEP.join(parts)
            if label not in kept and label not in out:
                out.append(label)
        return out

    def _partly_of(self, name: str, group: str) -> list:
        """The parts of ``group`` (of attribute or intersection ``name``) that lost some of
        their cells to the suppression, as ``attribute 'group'`` (merged under their new
        name)."""
        attrs, parts = name.split(INTERSECTION_SEP), str(group).split(INTERSECTION_SEP)
        if len(attrs) != len(parts):
            attrs, parts = [name], [str(group)]
        out = []
        for a, part in zip(attrs, parts, strict=True):
            names = {self.renamed.get(a, {}).get(g, g) for g in self.partly.get(a, [])}
            if part in names:
                out.append(f"{a} {part!r}")
        return out

    def mark_partly(self, name, comps: list) -> None:
        """Each comparison of a group or against a reference that lost some of its cells to
        the suppression says so in every metric's reason: its rates leave out those rows."""
        for c in comps:
            hit = self._partly_of(str(name), c.group) + self._partly_of(str(name), c.reference)
            if not hit:
                continue
            why = (
                f"{', '.join(dict.fromkeys(hit))} lost some cells to --min-cell {self.min_cell} "
                "(each held fewer rows): the rates leave out their rows"
            )
            for m in c.metrics.values():
                if m is not None:
                    m.reason = f"{why}; {m.reason}" if m.reason else why
            if c.flag_reason:  # what the terminal and the reports print of a flag
                c.flag_reason = f"{why}; {c.flag_reason}"

    def comparisons(self, name, comps: list) -> list:
        """One INSUFFICIENT_DATA comparison per suppressed group of attribute ``name``,
        against the reference of its other comparisons; the comparisons of a group that lost
        some of its cells marked (:meth:`mark_partly`)."""
        if self.partly:
            self.mark_partly(name, comps)
        gone = self.groups.get(str(name)) or self._crossings_lost(str(name), comps)
        if not gone or not comps:
            return []
        like = comps[0]
        why = f"{self.why()}: every cell of {name} {{}} held fewer rows and was dropped"

        def metric(g):
            return MetricEstimate(
                None, None, None, SUPPRESSED_METHOD, pol.INSUFFICIENT_DATA, why.format(repr(g))
            )

        return [
            Comparison(
                attribute=like.attribute,
                group=g,
                reference=like.reference,
                n={"group": None, "reference": like.n["reference"]},
                label_counts=None,
                metrics={k: metric(g) for k in like.metrics},
                status=pol.INSUFFICIENT_DATA,
                flagged=False,
                flag_rules=[],
                flag_reason=None,
                z_test={
                    "method": like.z_test.get("method", ""),
                    "statistic": None,
                    "p_value": None,
                    "reason": why.format(repr(g)),
                },
                composite=None,
                floors={"selection_rate": False, "error_rate": False},
            )
            for g in gone
        ]
