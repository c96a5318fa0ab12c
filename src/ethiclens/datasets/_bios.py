"""Bias in Bios (De-Arteaga et al. 2019): biographies, occupation and gender.

The project's offline copy is a surgeon-vs-nurse subset (not the paper's professor-vs-nurse
task; results must say so). It is GPL-3.0 data and is not shipped in the package: it is read
from ``$ETHICLENS_BIOS`` or the repository's ``shared/datasets/bios`` folder, and users can
load their own file in the original task's layout (one row per biography with the text, the
occupation title and the gender) from CSV, JSON or JSON lines. Pickles are never loaded.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import names_words
from .._keywords import refusing_unknown_keywords
from .._text import as_seen
from ..errors import DataFileError, FaceFix
from ..io import read_table, sha256_file
from ._base import Dataset, argument_error, check_feature_set
from ._registry import _as_text

TEXT_COLUMNS = ("hard_text", "text", "bio")
OCCUPATION_COLUMNS = ("occupation", "title", "profession")
DEFAULT_FILE = "surgeon_nurse_bios.csv"
# The SHA-256 of the project's copy (shared/datasets/bios, MD5SUMS there): the file there, or
# a file of that name holding one of the copy's first two rows (or cut short in the first), is
# checked like the files shipped in the package; any other file is the user's own.
DEFAULT_SHA256 = "fca18329e34465294c89d4d22dd46c5e81f963ce99fac90cbf87e1c73d500738"
COPY_START = b"split,text,occupation,gender\ntrain,Dr. Hayes has offices in Seattle and Portland."
COPY_ROWS = (COPY_START[29:], b'train,"Dr. Salibian specializes in aesthetic and reconstructive')


def _shared_copy() -> Path | None:
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent.parent / "shared" / "datasets" / "bios" / DEFAULT_FILE
        if candidate.exists():
            return candidate
    return None


def _default_path() -> Path | None:
    env = os.environ.get("ETHICLENS_BIOS")
    return Path(env) if env else _shared_copy()


@refusing_unknown_keywords
def load_bios(
    path: str | Path | None = None, *, occupations=("surgeon", "nurse"), features: str = "full"
) -> Dataset:
    """Biographies labelled 1 for ``occupations[0]`` (the higher-status title), 0 for the other.

    Protected attribute ``gender`` (M → Male, F → Female; reference Male). The features frame
    holds one column, ``text`` (the biography with the name removed when the source provides
    ``hard_text``).

    Parameters
    ----------
    path : str or Path, optional
        CSV, JSON or JSON lines with a text, an occupation and a ``gender`` column; default
        ``$ETHICLENS_BIOS`` or the repository's ``shared/datasets/bios`` copy. The project's
        copy (that file, or one named ``surgeon_nurse_bios.csv`` holding one of its first two
        rows) is checked against its SHA-256 and refused when damaged; any other file is read
        as your own, as it is (a copy renamed and edited in both first rows too), with its own
        SHA-256 in the provenance.
    occupations : tuple of str
        (label 1, label 0) occupation titles.
    features : {"full", "paper"}
        The same text feature either way (the PCER paper's task is professor vs nurse; this
        offline copy is surgeon vs nurse).

    Returns
    -------
    Dataset
    """
    check_feature_set(features)
    occupations = _check_arguments(path, occupations)
    path = _found(path)
    digest = _checked_digest(path) if path.is_file() else None  # a damaged copy, before its rows
    df, text, occ = _read_bios(path, occupations)
    return Dataset(
        name="bios",
        features=pd.DataFrame({"text": df[text].astype(str)}),
        label=(df[occ] == occupations[0]).astype(int).rename(occupations[0]),
        protected=pd.DataFrame({"gender": _genders(df["gender"], path)}),
        reference={"gender": "Male"},
        positive_label=f"occupation is {occupations[0]} (vs {occupations[1]})",
        positive_is_favorable=True,
        provenance={
            "file": str(path),
            "sha256": digest,
            "source": "Bias in Bios (De-Arteaga et al. 2019), "
            f"{occupations[0]} vs {occupations[1]} subset",
            "licence": "GPL-3.0 (subset converted from the plkumjorn/FIND repository)",
            "note": "surgeon vs nurse, not the PCER paper's professor vs nurse task",
        },
        text="text",
    )


def _found(path) -> Path:
    """``path`` (else ``$ETHICLENS_BIOS``, else the shared copy) when it exists; a missing
    one, or a folder from the variable, is refused naming where it came from."""
    from_env = path is None and bool(os.environ.get("ETHICLENS_BIOS"))
    path = Path(path) if path is not None else _default_path()
    if path is None or not path.exists():
        where = f"$ETHICLENS_BIOS names {path}" if from_env else path or "no default location"
        layout = "(CSV/JSON/JSONL with text, occupation/title and gender columns)"
        raise DataFileError(
            f"Bias in Bios file not found ({where})",
            fix=FaceFix(
                f"pass path=... {layout} or set ETHICLENS_BIOS",
                cli=f"set ETHICLENS_BIOS to the file {layout}",
            ),
        )
    if from_env and path.is_dir():
        raise DataFileError(
            f"$ETHICLENS_BIOS names {path}, which is a folder, not a file",
            fix="set ETHICLENS_BIOS to one .csv, .parquet, .json or .jsonl file inside it",
        )
    return path


def _check_arguments(path, occupations) -> tuple[str, str]:
    """A path (or None) and two different occupation titles (in a list, a tuple or an array:
    the titles); anything else is refused."""
    if path is not None and (not isinstance(path, str | os.PathLike) or not str(path).strip()):
        fix = "pass path=... (CSV/JSON/JSONL), or leave it out to read $ETHICLENS_BIOS"
        raise argument_error("must be the path of a file", "path", path, fix)
    ordered = isinstance(occupations, list | tuple | np.ndarray | pd.Series | pd.Index)
    pair = tuple(occupations) if ordered else ()
    if len(pair) != 2 or not all(isinstance(o, str) for o in pair) or pair[0] == pair[1]:
        raise argument_error(
            "must be two different occupation titles (label 1, then label 0)",
            "occupations",
            occupations,
            "e.g. occupations=('surgeon', 'nurse')",
        )
    return str(pair[0]), str(pair[1])


def _is_copy(path: Path) -> bool:
    """Whether ``path`` is the project's copy: the shared file, or one of its name holding one
    of the copy's first two rows (an edit of the other still tells it) or cut short in its
    first row; a user's own file of that name is not."""
    shared = _shared_copy()
    if shared is not None and path.resolve() == shared.resolve():
        return True
    if path.name != DEFAULT_FILE:
        return False
    with path.open("rb") as f:  # its lines end in CRLF; a copy may end them in LF
        head = f.read(4096).replace(b"\r\n", b"\n")
    cut = len(head) > COPY_START.index(b"\n") + 1 and COPY_START.startswith(head)
    return cut or any(row in head for row in COPY_ROWS)


def _checked_digest(path: Path) -> str:
    """The file's SHA-256; the project's copy (:func:`_is_copy`) truncated or edited is
    refused, never read as fewer or other rows."""
    digest = sha256_file(path)
    if digest != DEFAULT_SHA256 and _is_copy(path):
        raise DataFileError(
            f"the Bias in Bios copy {path} is damaged (sha256 {digest[:12]}…, "
            f"expected {DEFAULT_SHA256[:12]}…)",
            fix="restore it from the shared datasets (their MD5SUMS lists it), or load your "
            "own file under another name",
        )
    return digest


def _read_bios(path: Path, occupations) -> tuple[pd.DataFrame, str, str]:
    """(the rows of the two occupations with a text and a gender, the text column, the
    occupation column)."""
    df = read_table(path)
    text = next((c for c in TEXT_COLUMNS if c in df.columns), None)
    occ = _occupation_column(df, path)
    if text is None or occ is None or "gender" not in df.columns:
        raise DataFileError(
            f"{path.name} lacks the columns of the bios task (found "
            f"{names_words(list(df.columns)[:8])})",
            fix=f"provide a text column (one of {names_words(TEXT_COLUMNS)}), an occupation "
            f"column (one of {names_words(OCCUPATION_COLUMNS)}) and gender",
        )
    # titles compared as text: a file coding them as numbers (1/0, read as 1 or 1.0) holds
    # the titles '1' and '0' (it was refused as having no rows for them)
    df[occ] = _titles(df[occ])
    _refuse_lookalike_titles(df[occ], occupations, path, occ)
    df = df[df[occ].isin(occupations)].reset_index(drop=True)
    for column in (text, "gender"):  # never dropped unsaid: the audit would count fewer
        missing = int(df[column].isna().sum())
        if missing:
            raise DataFileError(
                f"{missing} row{'s' if missing > 1 else ''} of {path.name} "
                f"{'have' if missing > 1 else 'has'} no {column}",
                column=column,
                fix=f"fill in or drop those rows of {names_words(occupations)} in the file",
            )
    if df.empty or df[occ].nunique() < 2:
        raise DataFileError(
            f"{path.name} has no rows for both of {names_words(occupations)}",
            fix="choose occupations present in the file",
        )
    return df, text, occ


def _titles(values: pd.Series) -> pd.Series:
    """Occupation titles as text: a file coding them as numbers (1/0, read as 1 or 1.0) holds
    the titles '1' and '0'; a missing title stays missing."""
    return values.map(lambda v: v if isinstance(v, str) or pd.isna(v) else _as_text(v))


def _occupation_column(df: pd.DataFrame, path: Path) -> str | None:
    """The file's occupation column; a file holding two of them (``occupation`` and ``title``)
    that disagree on a row is refused naming both (the first was used unsaid)."""
    present = [c for c in OCCUPATION_COLUMNS if c in df.columns]
    for other in present[1:]:
        first, second = _titles(df[present[0]]), _titles(df[other])
        differ = ~((first == second) | (first.isna() & second.isna()))
        if differ.any():
            row = int(np.flatnonzero(differ.to_numpy())[0])
            raise DataFileError(
                f"{path.name} holds two occupation columns, {present[0]!r} and {other!r}, "
                f"that disagree (data row {row + 1}: {first.iloc[row]!r} and "
                f"{second.iloc[row]!r}): which one is the occupation is not known",
                column=other,
                value=second.iloc[row],
                fix=f"keep one occupation column of {OCCUPATION_COLUMNS} in the file (drop "
                "or rename the other)",
            )
    return present[0] if present else None


def _refuse_lookalike_titles(values: pd.Series, occupations, path: Path, occ: str) -> None:
    """Refuse titles that read as one of ``occupations`` but are written otherwise ('surgeon '
    with a space after it, 'Surgeon'): their rows were left out as another occupation."""
    wanted = {as_seen(o).casefold(): o for o in occupations}
    for title, n in values.value_counts().items():
        key = as_seen(title).casefold() if isinstance(title, str) else None
        if title not in occupations and key in wanted:
            rows = f"{n} row{'s' if n > 1 else ''}"
            raise DataFileError(
                f"{rows} of {path.name} {'hold' if n > 1 else 'holds'} the occupation "
                f"{title!r}, which reads as {wanted[key]!r} but is written otherwise (case, "
                "spaces or unseen characters): they would be left out as another occupation",
                column=occ,
                value=title,
                fix=f"write them as {wanted[key]!r} in the file, or give occupations as the "
                "file writes them",
            )


def _genders(values: pd.Series, path: Path) -> pd.Series:
    """M/F (or Male/Female, any case) as Male/Female; anything else is refused."""
    gender = (
        values.astype(str)
        .str.upper()
        .map({"M": "Male", "F": "Female", "MALE": "Male", "FEMALE": "Female"})
    )
    if gender.isna().any():
        raise DataFileError(
            f"must be M/F (or Male/Female) in {path.name}",
            column="gender",
            value=values[gender.isna()].iloc[0],
            fix="recode the column",
        )
    return gender
