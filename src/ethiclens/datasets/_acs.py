"""ACSIncome (folktables' task definition): shipped states offline, any state online.

Colorado and Nebraska (ACS 2018 1-year, ACSIncome-filtered) ship inside the package. Any other
state, or another year from 2014 to 2018 (:func:`check_year`), is downloaded through folktables
into a local cache. The Census Bureau publishes
no checksums for the PUMS files, so the cache is trust-on-first-use: the SHA-256 of each file
is recorded when it is downloaded and checked on every later load, which catches truncated
downloads and later corruption.
"""

from __future__ import annotations

import contextlib
import io
import json
import numbers
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import (
    BYTES_LIKE,
    check_argument_type,
    did_you_mean,
    names_words,
    refuse_whole_decimal,
)
from .._keywords import refusing_unknown_keywords
from .._optional import require
from ..errors import DataFileError, FaceFix, NotInCacheError
from ..io import _as_written_fix, _replace_whole, sha256_file
from ._base import (
    Dataset,
    argument_error,
    check_feature_set,
    check_truth,
    read_shipped_csv,
    shipped_checksums,
    shipped_provenance,
)
from ._registry import entry_provenance

ACS_FEATURES = ["AGEP", "COW", "SCHL", "MAR", "OCCP", "POBP", "RELP", "WKHP"]
ACS_CATEGORICAL = ("COW", "MAR", "OCCP", "POBP", "RELP")
SEX_NAMES = {1: "Male", 2: "Female"}
RACE_NAMES = {
    1: "White",
    2: "Black",
    3: "American Indian",
    4: "Alaska Native",
    5: "American Indian/Alaska Native (tribe unspecified)",
    6: "Asian",
    7: "Native Hawaiian/Pacific Islander",
    8: "Some other race",
    9: "Two or more races",
}
SHIPPED_STATES = {"CO": "co", "NE": "ne"}
# The states folktables loads ACS person files for (its _STATE_CODES): the 50 states and Puerto
# Rico. Known without folktables, so a code that names none ('ZZ') is refused when it is given
# (a spec's load, --states), not when the download is tried.
ACS_STATES = (
    *"AK AL AR AZ CA CO CT DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND".split(),
    *"NE NH NJ NM NV NY OH OK OR PA PR RI SC SD TN TX UT VA VT WA WI WV WY".split(),
)
SHIPPED_YEAR = 2018
CHECKSUMS_FILE = "ethiclens-checksums.json"


def default_cache_dir() -> Path:
    """``$ETHICLENS_CACHE/acs``, else ``~/.cache/ethiclens/acs``; a '~' in the variable (set in
    an env file or quoted, so no shell expanded it) that is no folder as written is refused,
    as ``cache_dir`` is (was: a folder '~' made in the working directory)."""
    root = os.environ.get("ETHICLENS_CACHE") or Path.home() / ".cache" / "ethiclens"
    if str(root).startswith("~") and not Path(root).exists():
        raise DataFileError(
            f"ETHICLENS_CACHE={root!r} is no folder: the path is read as written, '~' too",
            fix=f"set ETHICLENS_CACHE to the full path (e.g. {os.path.expanduser(root)})",
        )
    return Path(root) / "acs"


# folktables reads ACS PUMS from 2014 on (its initialize_and_download asserts year >= 2014), and
# its ACSIncome task reads RELP, which the Census Bureau replaced by RELSHIPP (other codes) in
# the 2019 person files: 2018 is the last survey the task can be built from (2020's 1-year
# survey was not even published as standard PUMS).
FIRST_YEAR = 2014
LAST_YEAR = 2018


def check_year(year) -> int:
    """An ACS 1-year survey year folktables' ACSIncome task reads: an integer from 2014 to
    2018 (the person files of 2019 on have RELSHIPP, not RELP); 2018 ships for CO and NE, the
    other years and states are downloaded. A later year is refused here, on every face, not
    after a download of a file that cannot be read."""
    text = year if isinstance(year, str) else None  # digits as every face reads them
    if text is not None:  # ' 2018 ', '2,018': what the text holds, and 2018 to give
        refuse_whole_decimal(text, "year", check_year)
    if text is not None and text.isascii() and text.isdigit():
        year = int(text)
    if isinstance(year, numbers.Integral) and not isinstance(year, bool | np.bool_):
        year = int(year)  # a NumPy integer, as read from a frame
    if isinstance(year, bool) or not isinstance(year, int) or not FIRST_YEAR <= year <= LAST_YEAR:
        raise argument_error(
            f"the ACS 1-year survey year must be an integer from {FIRST_YEAR} (the first "
            f"folktables reads) to {LAST_YEAR} (the last with RELP, which folktables' ACSIncome "
            "task reads: the Census Bureau replaced RELP by RELSHIPP in 2019)",
            "year",
            year,
            f"e.g. year {SHIPPED_YEAR} (CO and NE ship for it); other states, or another year "
            f"from {FIRST_YEAR} to {LAST_YEAR}, are downloaded once with the download option",
        )
    return year


def acs_states(states) -> list[str]:
    """ACS state codes as every face loads and records them: upper case, each once, sorted
    (the states are a set: ``NE,CO`` is the same audit as ``CO,NE``, the same rows in the same
    training and test split); a string is split at commas. An empty code or a state given
    twice (``CO,co``: its people would be loaded twice, into both the training and the test
    split) is refused naming it, and so is a code ACS has no file for (``ZZ``, ``DC``: not in
    :data:`ACS_STATES`, the 50 states and PR), before any loading."""
    typed = states
    if isinstance(states, str):
        states = states.split(",")
    elif (
        not isinstance(states, Iterable)
        or isinstance(states, BYTES_LIKE)
        or getattr(states, "ndim", None) == 0  # np.array('CO'): iterating it raises
    ):  # pd.Index, keys too
        fix = "e.g. states=['CO', 'NE'] or 'CO,NE' (leave it out for CO)"
        raise argument_error("must be state codes", "states", typed, fix)
    states = list(states)
    if not_text := [s for s in states if not isinstance(s, str)]:  # None: no 'NONE' state
        given = "None" if not_text[0] is None else type(not_text[0]).__name__
        fix = "give each state as its two-letter code, e.g. states=['CO', 'NE']"
        raise argument_error(f"a state code must be text, not {given}", "states", not_text[0], fix)
    codes = [s.strip().upper() for s in states]
    if not codes:
        raise argument_error("no state given", "states", None, "e.g. states=['CO']")
    if "" in codes:
        fix = "list two-letter codes separated by commas, e.g. CO,NE"
        raise argument_error("a state code is empty", "states", typed, fix)
    if unknown := [s for s in codes if s not in ACS_STATES]:
        raise _unknown_states(unknown)
    repeated = sorted({s for s in codes if codes.count(s) > 1})
    if repeated:
        many = len(repeated) > 1
        raise argument_error(
            f"{'states' if many else 'state'} {', '.join(repeated)} given more than once "
            f"({'their' if many else 'its'} people would be loaded twice, into both the "
            "training and the test split)",
            "states",
            typed,
            "list each state once",
        )
    return sorted(codes)


def _unknown_states(unknown: list):
    """The refusal of state codes ACS has no file for, naming them and the codes it has
    (shortened: the first and last few of the 51)."""
    many = len(unknown) > 1
    problem = f"unknown state code{'s' if many else ''}"
    listed = ", ".join(ACS_STATES[:8]) + ", …, " + ", ".join(ACS_STATES[-3:])
    fix = f"use two-letter codes of the 50 states and PR ({listed}; {len(ACS_STATES)} codes)"
    value = unknown if many else unknown[0]
    return argument_error(problem, "states", value, did_you_mean(unknown[0], ACS_STATES) + fix)


@refusing_unknown_keywords
def load_acs_income(
    states: Sequence[str] | str = ("CO",),
    year: int = SHIPPED_YEAR,
    *,
    download: bool = False,
    cache_dir: str | Path | None = None,
    fetch: Callable | None = None,
    features: str = "full",
) -> Dataset:
    """ACSIncome: income > 50,000 USD for employed adults (folktables' filter).

    Parameters
    ----------
    states : str or list of str
        Two-letter state codes (a string is split at commas), each once; loaded and recorded
        upper case in sorted order, so their order changes nothing (:func:`acs_states`). CO
        and NE for 2018 ship with the package and need no network.
    year : int
        ACS 1-year survey year, 2014 to 2018 (:func:`check_year`: the person files of 2019 on
        lack RELP, which the task reads).
    download : bool
        Allow downloading missing states through folktables into ``cache_dir``.
    cache_dir : path, optional
        Defaults to ``$ETHICLENS_CACHE/acs`` or ``~/.cache/ethiclens/acs``.
    fetch : callable, optional
        ``fetch(state_dir, state, year)`` that places the state's PUMS person CSV; defaults
        to folktables' downloader (tests inject a local one).
    features : {"full", "paper"}
        ``paper`` is the PCER paper's (the ACSIncome task's features, protected attributes
        excluded): the same columns as ``full``. The paper pooled CA, TX and NY subsampled to
        50,000 rows; pass those states (with ``download=True``) to approach it.
    """
    check_feature_set(features)
    year = check_year(year)
    states = acs_states(states)
    download = check_truth(download, "download", "download=True allows it, False reads local files")
    _check_cache(cache_dir, fetch)
    local = cache_dir is None and fetch is None and all(s in SHIPPED_STATES for s in states)
    if year == SHIPPED_YEAR and local:
        return _shipped(states)
    return _cached(states, int(year), download, Path(cache_dir or default_cache_dir()), fetch)


def _check_cache(cache_dir, fetch) -> None:
    """Refuse a ``cache_dir`` that is no folder's path (an int was a TypeError traceback) or
    empty (never the default by accident), and a ``fetch`` that cannot be called."""
    fix = "give a folder, or leave it out for $ETHICLENS_CACHE/acs"
    if cache_dir is not None:
        problem = "must be a folder's path, not a"
        check_argument_type(
            cache_dir, (str, os.PathLike), column="cache_dir", problem=problem, fix=fix
        )
        if not os.fspath(cache_dir).strip():
            raise argument_error("must not be empty", "cache_dir", cache_dir, fix)
        if os.fspath(cache_dir).startswith("~") and not Path(cache_dir).exists():
            # read as written, as every path is: '~/acs' was a folder '~' made in the working
            # directory (download=True), or "not in the cache" for files that are in ~/acs
            path = os.fspath(cache_dir)
            raise argument_error("no such folder", "cache_dir", path, _as_written_fix(path, fix))
    if fetch is not None and not callable(fetch):
        raise argument_error(
            f"must be a function fetch(state_dir, state, year), not {type(fetch).__name__}",
            "fetch",
            fix="leave it out for folktables' downloader",
        )


def _build(features: pd.DataFrame, label: pd.Series, states, provenance) -> Dataset:
    protected = pd.DataFrame(
        {
            "SEX": features["SEX"].astype(int).map(SEX_NAMES),
            "RAC1P": features["RAC1P"].astype(int).map(RACE_NAMES),
        }
    )
    return Dataset(
        name="acs-income",
        features=features[ACS_FEATURES].reset_index(drop=True),
        label=label.astype(int).rename("PINCP>50000").reset_index(drop=True),
        protected=protected.reset_index(drop=True),
        reference={"SEX": "Male", "RAC1P": "White"},
        positive_label="income > 50,000 USD (PINCP > 50000)",
        positive_is_favorable=True,
        categorical=ACS_CATEGORICAL,
        provenance={
            "states": states,
            **entry_provenance("acs-income"),
            "licence": "US Census Bureau public-domain microdata",
            "preprocessing": "folktables ACSIncome filter: AGEP > 16, PINCP > 100, WKHP > 0, "
            "PWGTP >= 1; label PINCP > 50000",
            **provenance,
        },
    )


def _shipped(states) -> Dataset:
    parts = ("features", "labels")
    read = [f"acsincome_{SHIPPED_STATES[s]}_{part}.csv" for s in states for part in parts]
    frames = [read_shipped_csv(name) for name in read]  # each state's features, then labels
    return _build(
        pd.concat(frames[::2]),
        pd.concat([frame["PINCP"] for frame in frames[1::2]]),
        states,
        {
            "year": SHIPPED_YEAR,
            "year_note": "2018 as extracted; believed 2018",
            "files": [shipped_provenance(name) for name in read[::2]],
            "checksums": shipped_checksums(read),
            "shipped_in_package": True,
        },
    )


def _state_file(state_dir: Path, state: str, year: int) -> Path:
    """The person file folktables writes for ``state`` and ``year`` (to 2016: ss16pca.csv)."""
    _STATE_CODES = require("folktables.load_acs", extra="acs")._STATE_CODES

    if state not in _STATE_CODES:  # a folktables without a state of ACS_STATES
        raise _unknown_states([state])
    if year < 2017:
        return state_dir / f"ss{str(year)[-2:]}p{state.lower()}.csv"
    return state_dir / f"psam_p{_STATE_CODES[state]}.csv"


def _folktables_fetch(state_dir: Path, state: str, year: int) -> None:
    initialize_and_download = require("folktables.load_acs", extra="acs").initialize_and_download

    # folktables prints its own guess on any failure ("... may be corrupted. Please try
    # deleting it") about a file that was never written; EthicLens's message says what failed.
    with contextlib.redirect_stdout(io.StringIO()):
        initialize_and_download(str(state_dir), state, year, "1-Year", "person", download=True)


def _cached(states, year, download, cache_dir: Path, fetch) -> Dataset:
    ACSIncome = require("folktables", extra="acs").ACSIncome

    state_dir = cache_dir / str(year) / "1-Year"
    ledger = _Ledger(state_dir / CHECKSUMS_FILE)
    paths = {s: _state_file(state_dir, s, year) for s in states}  # every code checked first
    missing = [s for s, path in paths.items() if not path.exists()]
    if missing and not download:
        raise _not_in_cache(states, missing, year, state_dir)
    frames, files = [], []
    for s in states:
        path = paths[s]
        if not path.exists():
            _download(fetch or _folktables_fetch, state_dir, s, year, path)
            ledger.record(path.name, sha256_file(path))
        digest = ledger.verify(path)
        frames.append(_kept_people(ACSIncome, _read_person_file(path), path))
        files.append({"file": str(path), "sha256": digest})
    features = pd.concat([f for f, _ in frames], ignore_index=True)
    return _build(
        features,
        pd.concat([label for _, label in frames], ignore_index=True).iloc[:, 0],
        states,
        {"year": year, "files": files, "cache_dir": str(cache_dir)},
    )


# The person file's columns the ACSIncome task reads: its features (SEX and RAC1P among them),
# its target and folktables' filter (AGEP > 16, PINCP > 100, WKHP > 0, PWGTP >= 1).
PERSON_COLUMNS = (*ACS_FEATURES, "SEX", "RAC1P", "PINCP", "PWGTP")


def _read_person_file(path: Path) -> pd.DataFrame:
    """One cached person file's rows; a file that is no ACS person file (an error page saved
    by a download, a file of other columns, a column of text, a person without a sex or race
    code) is refused naming the file and the column, never a KeyError traceback or a person
    counted in no group."""
    fix = f"delete {path} and load again with download=True"
    try:
        df = pd.read_csv(path)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise DataFileError(f"cached ACS file {path} cannot be read ({exc})", fix=fix) from exc
    missing = [c for c in PERSON_COLUMNS if c not in df.columns]
    if "RELP" in missing and "RELSHIPP" in df.columns:
        # a person file of 2019 on (years check_year refuses) placed in a 2014-2018 folder
        raise DataFileError(
            f"cached ACS file {path} is a person file of 2019 or later: the Census Bureau "
            "replaced RELP by RELSHIPP (other codes) in 2019, and folktables' ACSIncome task "
            "reads RELP",
            column="RELP",
            fix=f"{fix} (the year's own file), or load another year from {FIRST_YEAR} to "
            f"{LAST_YEAR}",
        )
    if missing:
        found = [str(c) for c in df.columns[:8]]
        raise DataFileError(
            f"cached ACS file {path} is no ACS person file: it lacks the column(s) "
            f"{', '.join(missing)} (found {found})",
            fix=fix,
        )
    for column in PERSON_COLUMNS:
        if not pd.api.types.is_numeric_dtype(df[column]) or df[column].dtype == bool:
            value = df[column][pd.to_numeric(df[column], errors="coerce").isna()]
            _refuse_person_value(path, column, "is not a number", value, fix)
    for column, codes in (("SEX", SEX_NAMES), ("RAC1P", RACE_NAMES)):
        unknown = df[column][~df[column].isin(list(codes))]
        _refuse_person_value(
            path, column, f"is no {column} code ({names_words(sorted(codes))})", unknown, fix
        )
    return df


def _kept_people(task, people: pd.DataFrame, path: Path) -> tuple:
    """The task's features and label of one state's person file; a file of which no person is
    kept (no rows, or none passing the ACSIncome filter) is refused naming it, never a state
    loaded as 0 rows (a dataset of 0 rows, or a state missing from the pooled data unsaid)."""
    features, label, _ = task.df_to_pandas(people)
    if len(features):
        return features, label
    raise DataFileError(
        f"cached ACS file {path} holds {len(people)} person row(s), none of them kept by "
        "folktables' ACSIncome filter (AGEP > 16, PINCP > 100, WKHP > 0, PWGTP >= 1): "
        "the state would be loaded with no rows",
        fix=f"delete {path} and load again with download=True (the state's full person file)",
    )


def _refuse_person_value(path: Path, column: str, problem: str, values, fix: str) -> None:
    """Refuse the first of ``values`` (the offending cells of ``column``), if there is one."""
    if len(values):
        value = values.iloc[0]
        value = value.item() if isinstance(value, np.generic) else value
        raise DataFileError(
            f"cached ACS file {path} is no ACS person file: a value of {column} {problem}",
            column=column,
            value=None if pd.isna(value) else value,
            fix=fix,
        )


def _not_in_cache(states, missing, year: int, state_dir: Path) -> NotInCacheError:
    """Every missing state named at once (a shipped state mixed with another one is read from
    its person file too)."""
    shipped = sorted(set(states) & set(SHIPPED_STATES)) if year == SHIPPED_YEAR else []
    also = (
        f"; {', '.join(shipped)} ship only as features for {SHIPPED_YEAR}, so mixed with "
        "another state they are read from their person files too"
        if shipped
        else ""
    )
    return NotInCacheError(
        f"ACS {year} person file(s) for {', '.join(missing)} not in the cache ({state_dir}){also}",
        fix="load them once with download=True (CLI: --download) on a machine with "
        "internet access, or audit the shipped states alone (CO, NE for 2018)",
    )


def _download(fetch, state_dir: Path, state: str, year: int, path: Path) -> None:
    """Fetch one state's person file (``path``) into the cache; refused when nothing arrived.
    It is fetched into a temporary folder and moved in whole, so a download that dies half-way
    leaves nothing that a later load would trust."""
    with _writing(state_dir):
        state_dir.mkdir(parents=True, exist_ok=True)
        part = tempfile.TemporaryDirectory(dir=state_dir, prefix=".download-")
    with part:
        fetch(Path(part.name), state, year)
        arrived = Path(part.name) / path.name
        if not arrived.is_file():
            raise DataFileError(
                f"downloading the ACS {year} file for {state} failed",
                fix="check the network connection and try again",
            )
        with _writing(state_dir):
            shutil.move(arrived, path)


@contextlib.contextmanager
def _writing(where: Path):
    """The cache written inside the block; an OSError (a read-only HOME, a file where a folder
    goes) is refused naming ``where`` and what to set, never a traceback."""
    try:
        yield
    except OSError as exc:
        raise DataFileError(
            f"the ACS cache {where} cannot be written ({exc.strerror or exc})",
            fix=FaceFix(
                "set ETHICLENS_CACHE to a folder you can write, or pass cache_dir=...",
                cli="set ETHICLENS_CACHE to a folder you can write",
            ),
        ) from exc


class _Ledger:
    """The cache's checksums file: each person file's SHA-256, recorded when it arrived."""

    def __init__(self, path: Path):
        self.path = path
        self.digests = {}
        if path.exists():
            try:
                self.digests = json.loads(path.read_text())
            except (OSError, UnicodeDecodeError, ValueError):
                self.digests = None
            if not isinstance(self.digests, dict) or not all(
                isinstance(v, str) for v in self.digests.values()
            ):
                raise DataFileError(
                    f"the cache's checksums file {path} is damaged",
                    fix=f"delete the folder {path.parent} and load again with download=True",
                )

    def record(self, name: str, digest: str) -> None:
        """Record ``name``'s digest; the file is written beside and renamed into place, so a
        full disk or an interrupt leaves the previous ledger, never half of one (which every
        later load refused as damaged, its fix deleting the whole year's downloads)."""
        self.digests[name] = digest
        with _writing(self.path):
            _replace_whole(self.path, json.dumps(self.digests, indent=2))

    def verify(self, path: Path) -> str:
        """The file's digest; a file whose digest differs from the recorded one is corrupt
        (one placed by hand or by folktables directly is recorded now)."""
        digest = sha256_file(path)
        expected = self.digests.get(path.name)
        if expected is None:
            self.record(path.name, digest)
        elif digest != expected:
            raise DataFileError(
                f"cached ACS file {path} is corrupt (sha256 {digest[:12]}… but "
                f"{expected[:12]}… was recorded when it was downloaded)",
                fix=f"delete {path} and load again with download=True",
            )
        return digest
