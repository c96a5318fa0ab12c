"""Uploads: a multipart body streamed to disk under the data folder, size-limited while it
arrives, then checked by content (CSV or Parquet only; pickles, archives and decompression
bombs refused). The browser's file name is only ever displayed, never used as a path."""

from __future__ import annotations

import functools
import hashlib
import os
import re
import unicodedata
from pathlib import Path

from .._checks import MAX_LABEL_CHARS
from .._secrets import masked_cut
from .._text import prints_blank
from ..errors import EthicLensInputError, in_cli_words

MAX_FIELDS = 16  # form fields besides the file (csrf, ...)
MAX_FIELD_BYTES = 4096
UNREADABLE = "the form could not be read"  # a body that is not a form, on every form
# A Parquet file whose columns expand beyond MAX_PARQUET_UNCOMPRESSED, or by more than
# MAX_PARQUET_EXPANSION times its size, is refused as a decompression bomb; but never one that
# expands to no more than the upload limit (a CSV of that size is accepted and reads into at
# least as much memory, so it is no new risk), nor to under PARQUET_BOMB_FLOOR (a worker holds
# a few hundred MB anyway): a sorted column encodes 50,000 rows in a few kB, by design.
# the mapping screen sends a reference and a bins field per column: a form of 20,000 fields
# at most (_web.MAX_FORM_FIELDS) holds a little under 10,000 columns; an audit needs a handful
MAX_COLUMNS = 5_000
MAX_PARQUET_EXPANSION = 200
MAX_PARQUET_UNCOMPRESSED = 8 * (1 << 30)
PARQUET_BOMB_FLOOR = 64 * (1 << 20)

ARCHIVES = {
    b"PK\x03\x04": "a ZIP archive (an Excel .xlsx workbook is one too)",
    b"\x1f\x8b": "gzip-compressed",
    b"BZh": "bzip2-compressed",
    b"\xfd7zXZ": "xz-compressed",
    b"\x28\xb5\x2f\xfd": "zstd-compressed",
    b"7z\xbc\xaf\x27\x1c": "a 7-Zip archive",
    b"Rar!": "a RAR archive",
}
OTHER = {
    b"\x89PNG": "a PNG image",
    b"%PDF": "a PDF document",
    b"\xd0\xcf\x11\xe0": "an old Excel/Office file",
    b"SQLite format 3": "an SQLite database",
    b"\x93NUMPY": "a NumPy array file",
    b"\x89HDF": "an HDF5 file",
    b"ARROW1\x00\x00": "an Arrow IPC (Feather) file",
}
# a JSON table (records, JSON lines, columns), read by no CSV reader: '{"', or '[' then '{'
_JSON = re.compile(rb'(?:\xef\xbb\xbf)?\s*(?:\[\s*)?\{\s*"')


class UploadError(EthicLensInputError):
    """A refused upload; ``status`` is the HTTP status the page is sent with."""

    def __init__(self, problem, *, fix=None, status=400, column="file"):
        super().__init__(problem, column=column, fix=fix)
        self.status = status


_unsupported = functools.partial(UploadError, status=415)  # a kind of file never taken


def check_column_names(names, what: str = "the file") -> None:
    """Refuse a column whose name is longer than a group label may be (``MAX_LABEL_CHARS``):
    every mapping page lists the columns (model B's choices list recent uploads' too), so a
    megabyte name would make each one a megabyte. The name is shown shortened. A blank name
    (empty, only spaces, or what prints as nothing: a zero-width space, U+3164) is refused
    too: the mapping screen's choice of it reads as no choice ("choose the label column"), so
    the column could never be mapped."""
    for number, name in enumerate(map(str, names), 1):
        if prints_blank(name):
            raise UploadError(
                f"column {number} has a blank name ({name!r}): the mapping screen cannot tell "
                "it from no column chosen",
                fix=f"give column {number} a name in {what} (or drop it)",
            )
        if len(name) > MAX_LABEL_CHARS:
            shown = repr(masked_cut(name, 60)) + ("…" if len(name) > 60 else "")  # masked, cut
            raise UploadError(
                f"the column {shown} has a name of {len(name):,} characters; a column name "
                f"has at most {MAX_LABEL_CHARS}, as a group label",
                fix=f"rename the column in {what} (at most {MAX_LABEL_CHARS} characters)",
            )


def unreadable(detail: str) -> UploadError:
    return UploadError(
        f"{UNREADABLE}: {masked_cut(one_line(detail, ' '), 200)}",  # masked, then cut
        fix="send the file with the page's own upload form",
    )


FORM_FIX = "send the page's own form (a script: post its fields as the page does, e.g. curl -F)"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def media_problem(content_type: str, types=FORM_TYPES) -> str | None:
    """Why a body of ``content_type`` is no form the page sends (JSON, text, none), or None
    when it is of one of ``types``: 415, not a missing security token or form."""
    kind = content_type.partition(";")[0].strip().lower()
    if kind in types:
        return None
    sent = (
        f"sent as {masked_cut(one_line(kind, ' '), 60)!r}"
        if kind
        else "sent without a Content-Type"
    )
    return f"the body is {sent}, not as a form ({' or '.join(types)})"


NAME_CHARS = 120  # of a file's name kept to show (a 4 kB one would fill every page it is on)


def display_name(name: str | None) -> str:
    """The browser's file name as its user knows it (shown, never a path): its last part
    (after a ``/`` or a ``\\``), its first ``NAME_CHARS`` characters, without spaces around
    it; "upload" for a name of none. Every character is kept, so two names stay apart: each
    face writes a control, bidi or invisible one as its visible escape (a page and the
    report: ``a\\u202eb.csv``, as a column's or a group's name), and the config file and
    the result name the file by its sanitised :func:`_portable.portable_name`. A longer name
    is masked (:func:`masked_cut`), then cut: cut first, a URL whose password ran past the
    cut lost its '@' and every page's masking of the name showed it."""
    last = (name or "").replace("\\", "/").rsplit("/", 1)[-1].strip(" ")
    return (last if len(last) <= NAME_CHARS else masked_cut(last, NAME_CHARS)) or "upload"


def one_line(text: str, instead: str = "_") -> str:
    """``text`` without control characters or the Unicode line and paragraph separators,
    which a YAML reader takes for line breaks (a name in a config file's comment must not
    start a line of its own)."""
    return "".join(
        instead
        if unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp")
        else c
        for c in text
    )


# what an upload's request may carry besides the file: its other fields (MAX_FIELDS of
# MAX_FIELD_BYTES) and each part's headers (python-multipart's limit, 4,224 bytes a line: the
# file's name is in one)
FORM_ROOM = 64 * 1024
HEADER_BYTES = 4096 + 128


def request_too_large(length: int, limit: int) -> UploadError:
    """The 413 of an upload whose declared length (``Content-Length``) is over ``limit`` and
    ``FORM_ROOM``: refused before a byte is read, when only the request's size is known, not
    the file's (a file of 25 bytes under a name of 100 kB is a request of 100 kB)."""
    # 999.5 GB and more would read "1e+03 GB"; a length of ten million digits, "over 999 GB"
    size = limit_text(length) if length < 999 << 30 else "over 999 GB"
    return UploadError(
        f"the upload is {size}, over this server's limit of "
        f"{limit_text(limit)} for the file (and {limit_text(FORM_ROOM)} for the rest of the "
        "form)",
        fix="upload a smaller extract with the page's own form, or start the server with a "
        "larger --max-upload",
        status=413,
    )


def limit_text(n: int) -> str:
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} bytes"


class StreamedUpload:
    """Parse ``multipart/form-data`` chunk by chunk: the file part goes to ``dest`` (size
    counted as it arrives), the small fields into ``fields``."""

    def __init__(self, content_type: str, dest: Path, limit: int):
        from python_multipart import MultipartParser
        from python_multipart.multipart import MultipartState, parse_options_header

        kind, params = parse_options_header(content_type)
        boundary = params.get(b"boundary")
        if problem := media_problem(content_type, FORM_TYPES[1:]):
            raise _unsupported(f"{UNREADABLE}: {problem}", fix=FORM_FIX)
        if not boundary:
            raise UploadError(
                "the upload is not a multipart form", fix="send the file with the upload form"
            )
        self.dest, self.limit = dest, limit
        self.fields: dict[str, str] = {}
        self.filename: str | None = None
        self.size = 0
        self.sha = hashlib.sha256()
        self._fh = None
        self._part: str | None = None  # "file", or a field name
        self._begin()  # the part's headers and value
        self._parse_options = parse_options_header
        self._end_state = MultipartState.END
        callbacks = {
            "on_part_begin": self._begin,
            "on_part_data": self._data,
            "on_part_end": self._end,
            "on_header_field": self._hfield,
            "on_header_value": self._hvalue,
            "on_header_end": self._reset_header,
            "on_headers_finished": self._headers_done,
        }
        from python_multipart.exceptions import FormParserError

        try:
            self._parser = MultipartParser(boundary, callbacks)
        except FormParserError as exc:  # a boundary the parser refuses (over 256 bytes)
            raise unreadable(str(exc)) from None

    def _begin(self):
        self._headers, self._header_name, self._value = {}, b"", bytearray()

    def _hfield(self, data, start, end):
        self._header_name += data[start:end]

    def _hvalue(self, data, start, end):
        key = self._header_name.lower()
        self._headers[key] = self._headers.get(key, b"") + data[start:end]

    def _headers_done(self):
        disp = self._headers.get(b"content-disposition", b"")
        _, params = self._parse_options(disp)
        name = params.get(b"name", b"").decode("utf-8", "replace")
        if b"filename" in params:
            if self._fh is not None or name != "file":
                raise UploadError("send one file, in the field 'file'", fix="use the form")
            self.filename = params[b"filename"].decode("utf-8", "replace")
            self._part = "file"
            self._fh = open(self.dest, "xb")
        elif name == "file" and b"filename*" in disp.lower():  # RFC 7578 4.2: never in a form
            raise UploadError(
                "the form's field 'file' names its file only as filename*=, which a form does "
                "not use (RFC 7578)",
                fix='send the name as filename="..." (as a browser and curl -F do)',
            )
        elif name == "file":  # a text part where the file goes: no file was chosen
            raise UploadError(
                "the form's field 'file' holds text, not a file",
                fix="choose a CSV or Parquet file in the upload form",
            )
        else:
            if len(self.fields) >= MAX_FIELDS:
                raise UploadError("the form has too many fields", fix="use the upload form")
            if name in self.fields or name == self._part:
                raise UploadError(
                    f"the field {name!r} is sent more than once; it takes one value",
                    fix="send it once (the page's own upload form does)",
                )
            self._part = name

    def _reset_header(self):
        self._header_name = b""

    def _data(self, data, start, end):
        if self._part == "file":
            chunk = data[start:end]
            self.size += len(chunk)
            if self.size > self.limit:
                raise UploadError(
                    f"the file is larger than this server's limit of {limit_text(self.limit)}",
                    fix="upload a smaller extract, or start the server with a larger --max-upload",
                    status=413,
                )
            self.sha.update(chunk)
            self._fh.write(chunk)
        else:
            self._value += data[start:end]
            if len(self._value) > MAX_FIELD_BYTES:
                raise UploadError(
                    f"the form's field {self._part!r} is longer than the upload form's limit "
                    f"of {limit_text(MAX_FIELD_BYTES)} for a field",
                    fix="send the file with the page's own upload form",
                )

    def _end(self):
        if self._part == "file":
            self._fh.close()
        elif self._part is not None:
            self.fields[self._part] = self._value.decode("utf-8", "replace")
        self._part = None
        self._header_name = b""

    def feed(self, chunk: bytes) -> None:
        from python_multipart.exceptions import FormParserError

        try:
            self._parser.write(chunk)
        except FormParserError as exc:  # not multipart: the parser's words say where
            if "header size" in str(exc):  # a line of a part's headers: the file's name
                raise UploadError(
                    f"a header of the form is longer than {limit_text(HEADER_BYTES)}: the "
                    "file's name, most likely",
                    fix="rename the file to a shorter name and upload it again",
                ) from None
            raise unreadable(str(exc)) from None

    def finish(self) -> None:
        """The body has ended: refused unless the form's closing boundary came (the parser
        itself accepts a body cut short, its last part unfinished)."""
        if self._parser.state != self._end_state:
            raise unreadable("the body ends before the form's closing boundary")
        if self.filename == "" and not self.size:  # a browser's form with no file chosen
            raise UploadError("no file was chosen", fix="choose a CSV or Parquet file")

    def close(self) -> None:
        if self._fh is not None and not self._fh.closed:
            self._fh.close()


def check_content(path: Path, limit: int, name: str | None = None) -> str:
    """``csv`` or ``parquet`` by the file's bytes, or :class:`UploadError` saying what it is;
    a refusal in the library's words names the file ``name`` (its user's), as the command
    line names it ("preds.csv line 3 has 4 fields"), else "the file"."""
    size = path.stat().st_size
    if size == 0:
        raise UploadError("the file is empty", fix="export the table again and upload that file")
    with open(path, "rb") as fh:
        head = fh.read(65536)
    if head[:1] == b"\x80" and head[1:2] in (b"\x02", b"\x03", b"\x04", b"\x05"):
        raise _unsupported(
            "the file is a Python pickle, which EthicLens never opens (unpickling runs code)",
            fix="export the table as CSV or Parquet (DataFrame.to_csv / to_parquet)",
        )
    for magic, what in ARCHIVES.items():
        if head.startswith(magic):
            raise _unsupported(
                f"the file is {what}: compressed archives are refused (a decompression bomb "
                "cannot be ruled out before unpacking it)",
                fix="upload the plain .csv (or a Parquet file)",
            )
    if head.startswith(b"PAR1"):
        return _check_parquet(path, size, limit, name)
    what = next((w for m, w in OTHER.items() if head.startswith(m)), None)
    if what or _JSON.match(head):
        raise _unsupported(
            f"the file is {what or 'JSON'}, not a CSV or Parquet table",
            fix="export the table as CSV (comma-separated, UTF-8) or Parquet",
        )
    return _check_csv(path, head, name)


def _check_parquet(path: Path, size: int, limit: int, name: str | None) -> str:
    import pyarrow.parquet as pq

    from ..io import refuse_repeated_parquet_names

    with open(path, "rb") as fh:
        fh.seek(-4, os.SEEK_END)
        tail = fh.read(4)
    if tail != b"PAR1":
        raise _unsupported(
            "the file starts like Parquet but is cut short (no PAR1 footer)",
            fix="the upload or export was interrupted: export and upload it again",
        )
    try:
        meta = pq.ParquetFile(path).metadata
    except Exception as exc:  # pyarrow's ArrowInvalid and OSError
        raise unreadable_parquet(exc) from None
    if meta.num_rows == 0:
        raise UploadError("the Parquet file has no rows", fix="export the data again")
    _check_width(meta.num_columns)
    try:
        refuse_repeated_parquet_names(path)
    except EthicLensInputError as exc:
        raise as_upload_error(exc, path, 400, name) from None
    floor = max(limit, PARQUET_BOMB_FLOOR)
    stop = min(MAX_PARQUET_UNCOMPRESSED, max(floor, MAX_PARQUET_EXPANSION * size))
    try:
        expanded, more = _expanded_size(path, meta, stop)
    except Exception as exc:  # a text column's pages damaged (OSError from pyarrow)
        raise unreadable_parquet(exc) from None
    if expanded > stop:
        raise UploadError(
            f"the Parquet file would expand to {more}{limit_text(expanded)} in memory "
            f"({expanded / size:.0f}× its size, over {limit_text(floor)}): refused as a "
            "decompression bomb",
            fix="upload the table as CSV, or a Parquet file with ordinary compression",
            status=413,
        )
    return "parquet"


def unreadable_parquet(exc: Exception | str) -> UploadError:
    """The refusal of a Parquet file pyarrow cannot read (``exc``: its error, or its words)."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return _unsupported(f"the Parquet file cannot be read: {first}", fix="export it again")


def _expanded_size(path: Path, meta, stop: int) -> tuple[int, str]:
    """What the file becomes in memory (at least 8 bytes a value: dictionary and run-length
    encoding hide that from the footer's own sizes), and "at least " where counting stopped
    past ``stop``. Columns of fixed width are sized from the footer; text and bytes by reading
    their values a batch at a time, each distinct string held once in its dictionary (a
    dictionary page of one long string may stand for every row): never expanded here."""
    import pyarrow.parquet as pq

    groups = [meta.row_group(g) for g in range(meta.num_row_groups)]
    leaves = [meta.schema.column(i) for i in range(meta.num_columns)]
    fixed = sum(
        rg.column(i).num_values * max(8, leaf.length or 0)
        for i, leaf in enumerate(leaves)
        if leaf.physical_type != "BYTE_ARRAY"
        for rg in groups
    )
    floor = max(sum(rg.total_byte_size for rg in groups), meta.num_rows * meta.num_columns * 8)
    text = [f.name for f in meta.schema.to_arrow_schema() if _holds_text(f.type)]
    if max(fixed, floor) > stop or not text:
        return max(fixed, floor), ""
    dictionary = [leaf.path for leaf in leaves if leaf.physical_type == "BYTE_ARRAY"]
    total = fixed
    pf = pq.ParquetFile(path, read_dictionary=dictionary)
    for batch in pf.iter_batches(batch_size=1 << 16, columns=text):
        total += sum(_decoded_size(col) for col in batch.columns)
        if total > stop:
            return total, "at least "
    return max(total, floor), ""


def _holds_text(kind) -> bool:
    """Whether an Arrow type is, or nests, text or bytes."""
    import pyarrow as pa

    if _is_text(kind):
        return True
    if pa.types.is_dictionary(kind):
        return _holds_text(kind.value_type)
    return any(_holds_text(kind.field(i).type) for i in range(kind.num_fields))


def _is_text(kind) -> bool:
    import pyarrow as pa

    return kind in (pa.string(), pa.large_string(), pa.binary(), pa.large_binary())


def _decoded_size(arr) -> int:
    """Bytes an Arrow array takes once its dictionaries are expanded (8 a value at least)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    kind = arr.type
    if pa.types.is_dictionary(kind):
        if _is_text(kind.value_type):
            lengths = pc.take(pc.binary_length(arr.dictionary), arr.indices)
            return 8 * len(arr) + int(pc.sum(lengths).as_py() or 0)
        return _decoded_size(arr.dictionary_decode())
    if _is_text(kind):
        return 8 * len(arr) + int(pc.sum(pc.binary_length(arr)).as_py() or 0)
    if pa.types.is_struct(kind):
        return 8 * len(arr) + sum(_decoded_size(f) for f in arr.flatten())
    if pa.types.is_map(kind):  # its entries, as a list of (key, item) structs is sized
        start, end = arr.offsets[0].as_py(), arr.offsets[-1].as_py()  # this slice's entries
        entries = (arr.keys.slice(start, end - start), arr.items.slice(start, end - start))
        return 8 * (len(arr) + end - start) + sum(_decoded_size(part) for part in entries)
    if kind.num_fields:  # lists: their values
        return 8 * len(arr) + _decoded_size(arr.flatten())
    try:
        width = kind.byte_width
    except ValueError:
        width = 8
    return len(arr) * max(8, width)


# control bytes no text holds (a NUL alone is refused by the command line's rule, naming its line)
_BINARY = re.compile(rb"[\x01-\x08\x0e-\x1f]")


def _check_csv(path: Path, head: bytes, name: str | None) -> str:
    """The checks of an uploaded CSV, as one check pass (``io._one_pass``): its NUL, UTF-8 and
    preflight checks scan the fresh upload once, not once each."""
    from ..io import _one_pass

    return _one_pass(_checked_csv)(path, head, name)


def _checked_csv(path: Path, head: bytes, name: str | None) -> str:
    from ..io import (
        csv_head,
        not_utf8_error,
        nul_byte_error,
        preflight_file,
        ragged_error,
        wide_text_error,
    )

    if err := wide_text_error(path, head):  # its NUL bytes are text, not binary: iconv it
        raise as_upload_error(err, path, 415, name)
    if _BINARY.search(head):
        raise _unsupported(
            "the file is binary, not a CSV or Parquet table",
            fix="export the table as CSV (comma-separated, UTF-8) or Parquet",
        )
    # the whole upload (it is bounded), as the command line reads it: a byte that is not
    # UTF-8 past the first 64 kB would otherwise fail the read later, as a codec's words
    for check in (nul_byte_error, not_utf8_error):
        if err := check(path):
            raise as_upload_error(err, path, 415, name)
    try:  # the header's names as a CSV reader reads them: a quoted name may hold a line break
        header = csv_head(path)[0]
        width, comma = len(header), len(header) > 1
    except EthicLensInputError:  # refused below in preflight's own words
        header, width, comma = [], 0, b"," in head.split(b"\n", 1)[0]
    _check_width(width)
    if header and header[0].startswith("\ufeff"):  # a second byte-order mark
        raise _unsupported(
            f"the file starts with two byte-order marks (U+FEFF): its first column's name "
            f"{header[0]!r} then begins with one, which not every reader keeps alike",
            fix="save the file again as UTF-8 (Excel's 'CSV UTF-8' writes one mark)",
        )
    # a text file of one column (another separator, or none) is a CSV whose content the
    # audit cannot use: 422 naming the file, not 415 (a kind of file never taken)
    try:  # first: it names the separator of a file with no comma (semicolons, tabs, ...)
        preflight_file(path)
    except EthicLensInputError as exc:  # a file of blank lines is empty, not another format
        blank = not head.removeprefix(b"\xef\xbb\xbf").strip()
        raise as_upload_error(exc, path, 400 if comma or blank else 422, name) from None
    if not header or all(prints_blank(n) for n in header):  # a blank line above the names
        from ..sources import csv_header

        try:  # the command line's words: its first line (the header) is empty
            csv_header(path)
        except EthicLensInputError as exc:
            raise as_upload_error(exc, path, 400, name) from None
    if not comma:  # its one name may hold a quoted comma ('"a,b"'): said only where none is
        how = "" if b"," in head.split(b"\n", 1)[0] else " (no comma in its first line)"
        raise one_column(name, header[0] if header else "", how)
    # a row with surplus fields is refused by every engine: now, naming its line, rather
    # than once the audit runs
    if err := ragged_error([path]):
        raise as_upload_error(err, path, 400, name)
    return "csv"


def one_column(name: str | None, column: str, how: str = "") -> UploadError:
    """422: a table of one column (a CSV's first line without a comma: ``how``), which no
    audit can use: its outcomes, predictions and groups each need a column."""
    return UploadError(
        f"{name or 'the file'} has one column {masked_cut(column, 60)!r}{how}: the audit needs "
        "the outcomes and the predictions in columns of their own",
        fix="export the table with its label, prediction and group columns (comma-separated "
        "CSV with a header row, or Parquet)",
        status=422,
    )


def _check_width(columns: int) -> None:
    """Refuse a table too wide for the mapping screen (its form could not be sent back)."""
    if columns > MAX_COLUMNS:
        raise UploadError(
            f"the table has {columns:,} columns; the mapping screen takes at most {MAX_COLUMNS:,}",
            fix="upload only the columns the audit reads: the label, the predictions, the "
            "scores or weights, and the protected attributes",
            status=422,
        )


def as_upload_error(
    err: EthicLensInputError, path: Path, status: int, name: str | None = None
) -> UploadError:
    """The library's refusal ``err`` of the stored upload ``path`` as the web app's, with
    ``status``: the same words, the upload called ``name`` (:func:`without_server_path`)."""
    fix = in_cli_words(err).fix  # the words for files, not pandas code
    return UploadError(without_server_path(err.problem, path, name), fix=fix, status=status)


def without_server_path(problem: str, path: Path, name: str | None = None) -> str:
    """A library message about the stored upload, calling it ``name`` (its user's name for
    it), else "the file": its name on the server is random, and the server's folders are none
    of the browser's business. One pass: a name that holds the server's is not renamed again."""
    wheres = [str(path), path.name]
    if not name:
        wheres = [f"file {path}", str(path), f"file {path.name}", path.name]
    return re.sub("|".join(map(re.escape, wheres)), lambda _: name or "the file", problem)
