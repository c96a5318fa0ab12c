"""Credentials never leave the process: one masking rule for every message, log and report.

A database password can arrive in several spellings — ``user:password@host`` in a URL,
``?password=…`` (libpq and SQLAlchemy pass query keys to the driver), a libpq DSN string
``host=h password='a b'``, or an environment variable named on the command line. Every one is
replaced by ``***`` before a string is shown or written. Paths such as ``?sslkey=/path`` are not
secrets and are kept; the key files they name are never read here.

Only unambiguous shapes are masked in any text: ``scheme://user:password@host``,
``user:password@host`` and the secret keys. A password without its ``@host``
(``scheme://user:word/db``) reads like a host and port; it is masked only for the URLs handled
here as database or store URLs (:func:`looks_like_url`, :func:`mask_url`, :func:`scrub`), whose
secrets are remembered and masked in every later message. Other text that merely looks like a
URL (a group named ``ref http://wiki:home``) is shown as written, never clipped.

A password may hold spaces, tabs, no-break spaces or quotes: a URL's ``user:password@`` is
masked up to its last '@', ``?password=`` up to the next '&'. The literal secrets of the URLs
given are replaced before the patterns, by every entry point (:func:`mask_url`,
:func:`mask_secrets`, :func:`scrub`), so a pattern that stops early cannot leave part of one.
Each is remembered as typed, URL-encoded and as a message may escape it (Python's repr, which
doubles '\\' and may escape a quote, JSON, a libpq DSN value, HTML), and so is each piece a
parser may cut it into: a password with an unencoded '@' is echoed by the driver as a host,
``failed to resolve host 'cd\\\\efgh@127.0.0.1'``.
"""

from __future__ import annotations

import html
import json
import re
import threading
import unicodedata
from urllib.parse import parse_qsl, quote, quote_plus, unquote, urlsplit

MASK = "***"

# Keys whose value is a secret wherever they appear: URL query keys, libpq DSN keywords,
# VAR=value pairs (PGPASSWORD=…). Matched case-insensitively, with any prefix (PGPASSWORD).
# Drivers' own key names too: BigQuery's credentials_base64 (a service account's key),
# Snowflake's private_key, a key file's passphrase, an api-key. The words holding a driver's
# key (private_key_file_pwd) are found by a lookahead, then taken whole: a suffix '\w*' after
# the word made a long word holding it (30 kB of "credential") take seconds per message.
# So is a word holding one of the words then a number or a word naming the secret itself
# (secret_key, aws_secret_access_key, password2, token_v2, passwd_old): read only as ending in
# the word, 'secret_key=…' was shown in full. A word naming something else about it stays the
# user's text: a column token_count, password_len, secret_santa, pwd_dir (a hive folder
# token_count=3/ was cut to 'token_count=***'); so do 'tokenizer=' and 'secretary='.
_SECRET_WORDS = r"(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key)"
_SECRET_TAILS = (
    r"(?:_?v?\d|_(?:(?:access_)?key|value|val|str|string|b64|base64|hash|enc|encrypted|raw"
    r"|plain|old|new|prev|previous|current|orig|confirm)(?![^\W\d_]))"
)
_SECRET_KEYS = (
    rf"(?:\w*{_SECRET_WORDS}"
    rf"|(?=\w*?(?:private_?key|credential|secret_id|{_SECRET_WORDS}{_SECRET_TAILS}))\w+)"
)

# A URL's start: a scheme of two or more characters (not a Windows drive, C:/) and one or two
# slashes — a single slash is a mistyped URL, still masked, never taken for a folder.
_URL_START = r"[A-Za-z][A-Za-z0-9+.-]+:/{1,2}"
# A password may hold spaces, tabs, no-break spaces (never a line break) and quotes: its
# userinfo runs to the last '@' on the line, but never past a quote that ends a word before a
# space, so masking never runs from one quoted name into the next ("['http://wiki:home',
# 'b@c']" is kept), nor into the next URL, quoted or bracketed or not: "see tcp://host:8786 and
# 'tcp://bob:pw@h:1'" was masked as one password, "see tcp://host:***@h:1'", the words between
# lost. The mask itself ends a password.
_INFO_CHAR = r"""(?:(?!['"][,;)\]}]*[^\S\r\n])\S)"""
_NEXT_URL = rf"""['"(\[{{<]*{_URL_START}"""
_SPACED = rf"{_INFO_CHAR}*(?:[^\S\r\n]+(?!{_NEXT_URL}){_INFO_CHAR}+)*[^\S\r\n]*"
# user:password@ in any URL. The password may hold ':', '/', '#', spaces or an unencoded '@':
# mask up to the last '@' of the URL, which over-masks rather than leaks.
# A start that finds no '@' skips what it scanned (the identity, see _userinfo_masked): every
# later start there would scan the same text to the same end and fail too, and trying each of
# them took minutes on 100 kB ("x:" + "ab:/" * 25000). So does a scheme-like run ("a.b-c+a.b-c+"
# holds a start at each letter after '.', '-', '+'): every start in it reaches the same ':'.
_SCHEME_RUN = r"\b[A-Za-z][A-Za-z0-9]*+[+.-][A-Za-z0-9+.-]*+"
_USERINFO = re.compile(
    rf"(?P<pre>(?:\b{_URL_START}|//)[^:/@\s]*:)(?:(?P<at>{re.escape(MASK)}@|{_SPACED}@)|{_SPACED})"
    rf"|{_SCHEME_RUN}"
)
# user:password@host without a scheme (u:pw@h/db), or after a mistyped one (postgresql//u:pw@h,
# a path that folded its '//' to '/'): a user name at a token's start or after '/', then ':'. A
# password starting with '/' is left to _USERINFO (scheme://...), so a SQLite path is kept.
# A mailto: address (mailto:alice@example.org) has that shape and is no credential: kept; so
# does a Windows path, whose drive letter is no user (C:\\Users\\john@corp\\d.csv): kept.
_BARE_USERINFO = re.compile(
    r"(?P<pre>(?<![\w.%+~:-])(?![Mm][Aa][Ii][Ll][Tt][Oo]:|[A-Za-z]:\\)[\w.%+~-]*:)(?!/)"
    # no such '@': the rest of the word skipped, where every later start would fail as well
    r"(?:(?P<run>\S*@)(?=[\w\[])|\S*)"
)
# a URL at the end of such a run whose userinfo is a user alone or already masked: a name
# before it ('race:postgresql://u:***@h/db', a group shown with its attribute) is no user name.
# Only a whole URL (scheme://), at the run's start or after a ':' or '@': a password holding
# 'k9:/Zq' (u:k9:/Zq@h) or written before a URL (u:pw,postgresql://v@h) stays masked.
_URL_AT_END = re.compile(
    rf"(?<![^:@])(?P<scheme>[A-Za-z][A-Za-z0-9+.-]+)://[^:/@\s]*(?P<masked>:{re.escape(MASK)})?@$"
)
# A URL with a user alone there is a name before a URL only if its scheme is one a URL is
# written with (race:postgresql://u@h/db): 'u:k9://Zq@h' is user u, password 'k9://Zq' (as
# --db and mask_url read it), masked. Ambiguous, the unknown scheme is read as a password:
# a name before an odd URL shown as 'g:***@h' hides a little, a password shown leaks.
_KNOWN_SCHEMES = frozenset(
    "postgresql postgres pgsql psql redshift cockroachdb mysql mariadb sqlite sqlite3 duckdb"
    " mssql sqlserver oracle snowflake bigquery trino presto hive impala databricks clickhouse"
    " db2 ibm_db_sa teradata teradatasql vertica exasol firebird sybase access crate druid pinot"
    " singlestore tidb mongodb redis rediss cassandra elasticsearch jdbc odbc spark sc http https"
    " ftp ftps sftp ssh scp s3 s3a s3n gs gcs abfs abfss az adl wasb wasbs hdfs webhdfs file"
    " tcp udp ws wss smtp smtps imap imaps ldap ldaps amqp amqps kafka nats mqtt git svn".split()
)
# a URL given whole (the text is the URL): its password runs to its last '@', spaces and all
_URL_USERINFO = re.compile(rf"\s*{_URL_START}(?P<info>[^:/@\s]*:[^\r\n]*)@")
# the same without a scheme, or after one missing its ':' (postgresql//u:pw@h)
_BARE_URL_USERINFO = re.compile(
    r"\s*(?:[A-Za-z][A-Za-z0-9+.-]*/{1,2})?(?P<info>[^:/@\s]*:(?!/)[^\r\n]*)@"
)
# where a parser (urllib, libpq) may cut a password that holds one of these characters: a
# driver's message then echoes the piece after or before the cut ("host 'ssw0rdX@127.0.0.1'")
_CUTS = re.compile(r"[@/#?:]")
# past this many cuts a password's pieces are not all listed (see _userinfo_secrets)
_MAX_CUTS = 64
# scheme://user:word/db: no '@', so a parser reads "word" as a port, but a port is digits — this
# is a password whose "@host" was left out (or a mistyped URL): masked all the same.
# Its first word holds a non-digit before any ':'; each word is taken whole (possessive): a
# shorter one never ends before '/', '?', '#' or a space, and trying each split of a long word
# followed by '@' took seconds on 6 kB.
_PORT_LIKE = re.compile(
    rf"(?P<pre>\b{_URL_START}[^:/@\s?#\[]*:)"
    r"(?P<val>(?=[^/@\s?#:]*[^\d/@\s?#:])[^/@\s?#]++(?:[^\S\r\n]++[^/@\s?#]++)*)(?=[/?#\s]|$)"
    rf"|{_SCHEME_RUN}"
)
# key=value (URL query, DSN, VAR=value); a quoted DSN value may hold spaces and escaped quotes.
# A value quoted with escaped quotes (a group "password='my pw' \"x\"" in a list's repr:
# 'password=\'my pw\' "x"') runs to the escaped quote that closes it, not to the backslash.
_ESCAPED_VALUE = r"\\(?P<q>['\"])(?:(?!\\(?P=q))[^\r\n])*(?:\\(?P=q))?"
# An ODBC connection string braces a value holding ';' (PWD={p;ss w0rd}, '}' doubled inside):
# whole, not up to its ';' (which showed 'ss w0rd}').
_BRACED_VALUE = r"\{(?:[^}\r\n]|\}\})*\}?"
# A key inside a quoted name whose value is empty ('password=', 'b' in a list of choices):
# the quote after '=' is the one that closes the name (it closes the key's own quote and a
# separator or the text's end follows), read as an empty value, not as a quoted value
# opening there, which ran over the rest of the message ("use one of 'password=***").
_CLOSING_QUOTE = r"(?=\\?(?P=kq)[,;:.)\]}]*(?:\s|$))"
_KEY_VALUE = re.compile(
    rf"(?P<pre>(?:(?<=(?P<kq>['\"])))?\b{_SECRET_KEYS}\s*=\s*)"
    rf"(?P<val>{_CLOSING_QUOTE}|{_ESCAPED_VALUE}|'(?:[^'\\]|\\.)*'?|\"[^\"]*\"?"
    rf"|{_BRACED_VALUE}|[^&;\s'\"]+)",
    re.IGNORECASE,
)
# the same inside a URL-encoded query value (?dsn=host%3Dh%20password%3Dpw): a quoted value
# (%27…%27) or braced one (%7B…%7D, an ODBC string's) whole, else up to an encoded space, '&'
# or ';'.
_ENCODED_KEY_VALUE = re.compile(
    rf"(?P<pre>\b{_SECRET_KEYS}%3D)"
    r"(?P<val>%27(?:(?!%27)[^&\s])*(?:%27)?|%7B(?:(?!%7D)[^&\s]|%7D%7D)*(?:%7D)?"
    r"|(?:(?!%20|%26|%3B)[^&;\s'\"])+)",
    re.IGNORECASE,
)
# ?password=… or &password=… in a URL's query: the whole value up to the next '&' (or a quote,
# ';' or the line's end), spaces and all, but never past a word that joins EthicLens's own
# text to it ("a?token=1 vs b: DI 0.5", a table's " | "); a value already masked is left as it is.
_JOINER = r"(?:vs|\|)(?:[^\S\r\n]|$)"
_QUERY_KEY_VALUE = re.compile(
    rf"(?P<pre>[?&]{_SECRET_KEYS}=)"
    rf"(?P<val>{re.escape(MASK)}(?=[&;\s'\"]|$)"
    rf"|[^&;\s'\"]+(?:[^\S\r\n]+(?!{_JOINER})[^&;\s'\"]+)*)",
    re.IGNORECASE | re.MULTILINE,
)
# "password": "…" in JSON-like text (a driver's repr of its connect arguments). A value not
# quoted (a number) ends its entry: in "key 'api_token': unknown key" (a config's refusal)
# 'unknown' is EthicLens's word, not a value ("key 'api_token': '***' key" said nothing).
_QUOTED_KEY = re.compile(
    rf"(?P<pre>['\"]{_SECRET_KEYS}['\"]\s*:\s*)(?P<val>'[^']*'|\"[^\"]*\""
    r"|[^,}\]\s]++(?=[^\S\r\n]*(?:[,}\]\r\n]|$)))",
    re.IGNORECASE,
)

# password: hunter2 (a YAML line, a log's "key: value") as password=hunter2 is: a key that
# _SECRET_KEYS reads as a secret, then ':'; its value quoted whole, else up to a space, '&',
# ';' or a quote. Not a URL's scheme ('token://h'), a URL given as the value (its userinfo is
# masked by _USERINFO: 'pwd: postgresql://u:***@h'), nor EthicLens's own "column: group vs
# group" (a column named password compared); 'time: 12:30' holds no secret key.
_COLON_KEY_VALUE = re.compile(
    rf"(?P<pre>\b{_SECRET_KEYS}[^\S\r\n]*:(?!//)[^\S\r\n]*)(?!{_URL_START})"
    rf"(?P<val>'(?:[^'\\]|\\.)*'?|\"[^\"]*\"?|[^&;\s'\"]++)(?![^\S\r\n]+{_JOINER})",
    re.IGNORECASE,
)


# The literal secrets of the URLs given as database or store URLs (see the module's notes), the
# most recent last. A long-running server sees a URL per request: the oldest are forgotten past
# MAX_REMEMBERED, so masking stays fast; a URL is remembered again each time it is given, before
# any message about it is made. The lock: a web worker may mask while another remembers.
_GIVEN_SECRETS: dict[str, None] = {}
MAX_REMEMBERED = 1024
_LOCK = threading.Lock()


def mask_secrets(text: str) -> str:
    """``text`` with every secret of a URL given as a database or store URL, then every
    credential pattern, replaced by ``***``. The literal secrets go first: a pattern that masked
    the first word of a password holding a space would leave the rest, which the whole
    password, no longer in the text, could not mask."""
    return _mask_patterns(_mask_given(str(text)))


MASKED_WINDOW = 10_000  # characters of a long text masked at each end before it is cut


def masked_ends(text) -> str:
    """``text`` masked (:func:`mask_secrets`) to be cut: whole, or past ``2 * MASKED_WINDOW``
    characters its start and its end, each masked alone, its middle dropped (masking a
    megabyte took 1-3 s; a secret runs over no 10,000 characters). Only a text cut to its
    start or its ends (:func:`masked_cut`, a middle cut) may be so masked."""
    text = str(text)
    if len(text) > 2 * MASKED_WINDOW:
        return mask_secrets(text[:MASKED_WINDOW]) + mask_secrets(text[-MASKED_WINDOW:])
    return mask_secrets(text)


def masked_cut(text, length: int) -> str:
    """The first ``length`` characters of ``text`` (a user's value, a model's or a writer's
    error) with every secret masked: masked first, then cut. Cut first, a URL whose password
    ran past the cut lost its '@' and no pattern knew it for one: ``'postgresql://u:S3crS3cr'``
    was shown."""
    text = _plain_text(text)
    return masked_ends(text[: 2 * MASKED_WINDOW])[:length]


def _plain_text(value) -> str:
    """``str(value)``; a whole number past Python's int-to-text limit (``str(10**5000)`` itself
    raises) shortened as :func:`errors.plain_text` writes it (:func:`whole_digits_text`)."""
    try:
        return str(value)
    except ValueError:
        if isinstance(value, int):
            return whole_digits_text(value, 0)
        raise


def digits_text(head: str, tail: str, digits: int) -> str:
    """A long whole number as shown: its first digits (with its sign), its last and how many
    digits it has: ``111111111111…111111 (5,000 digits)`` (``errors.shortened_digits``)."""
    return f"{head}…{tail} ({digits:,} digits)"


def whole_digits_text(value: int, shown: int) -> str | None:
    """``value`` shortened past ``shown`` digits (:func:`digits_text`: first 12, last 6 and the
    count, by arithmetic: no conversion of the whole number to text, which fails past 4,300
    digits); None when it has ``shown`` digits or fewer. ``errors.shown_int``'s arithmetic,
    here so that this module (which ``errors`` imports) can shorten one too."""
    size = abs(value)
    digits = max(1, int(size.bit_length() * 0.30102999566398120))  # log10(2): at most the count
    while size >= 10**digits:
        digits += 1
    if digits <= shown:
        return None
    head = ("-" if value < 0 else "") + str(size // 10 ** (digits - 12))
    return digits_text(head, f"{size % 10**6:06d}", digits)


def _mask_given(text: str) -> str:
    """``text`` with the remembered literal secrets replaced, the longest first."""
    with _LOCK:
        given = list(_GIVEN_SECRETS)
    return _replaced(text, given)


def _replaced(text: str, values) -> str:
    """``text`` with each literal secret of ``values`` replaced, the longest first (a shorter
    one inside a longer would leave the rest of it)."""
    for value in sorted(values, key=len, reverse=True):
        # a password's tail before the host's '@' ("host 'ss@h'") keeps the '@'
        text = text.replace(value, f"{MASK}@" if value.endswith("@") else MASK)
    return text


def holds_secret(text: str) -> bool:
    """Whether the credential patterns mask part of ``text`` (a URL's or a bare
    ``user:password@host``, a secret key's value ``password=…``): what every message would show
    masked. Each needs an '@' or a secret key's word, so other text (100,000 distinct
    timestamps of a group column) is never scanned by the patterns."""
    return _MASKABLE.search(text) is not None and _mask_patterns(text) != text


# what every pattern of _mask_patterns needs: an '@' (a URL's or a bare userinfo) or a word of
# _SECRET_KEYS ('pass' for password, passwd, passphrase)
_MASKABLE = re.compile(r"@|pass|pwd|secret|token|api[_-]?key|private_?key|credential", re.I)


def _mask_patterns(text: str) -> str:
    text = _USERINFO.sub(_userinfo_masked, text)
    text = _BARE_USERINFO.sub(_bare_masked, text)
    text = _QUERY_KEY_VALUE.sub(rf"\g<pre>{MASK}", text)
    text = _key_values_masked(text)
    text = _ENCODED_KEY_VALUE.sub(rf"\g<pre>{MASK}", text)
    text = _COLON_KEY_VALUE.sub(rf"\g<pre>{MASK}", text)
    return _QUOTED_KEY.sub(rf"\g<pre>'{MASK}'", text)


# after a quote that closes a quoted name: a separator then a space, or the text's end
_NAME_END = re.compile(r"\\?['\"](?:$|[,;:.)\]}]+(?:\s|$))")


def _key_values_masked(text: str) -> str:
    """Each :data:`_KEY_VALUE` value masked. A secret key with an empty value at the end of a
    quoted name that opened before it ('host=h password=', 'b' in a list of choices): the quote
    after '=' closes the name when the name's quote is open there (an odd count of it on the
    line before the key) and a separator then a space, or the text's end, follows; its value is
    empty, masked as '***', and the text after it is scanned on, never masked as one value
    ("'host=h password=***b'"). A quoted value (password=' a b' c) still masks whole."""
    out, pos, counted, counts = [], 0, 0, {"'": 0, '"': 0}
    while (match := _KEY_VALUE.search(text, pos)) is not None:
        end, val = match.end(), match.start("val")
        quote = text[val + 1 : val + 2] if text[val : val + 1] == "\\" else text[val : val + 1]
        if quote in counts and _NAME_END.match(text, val):
            # the quotes on the line before the key, counted on from the last key's count
            line = max(
                text.rfind("\n", counted, match.start()), text.rfind("\r", counted, match.start())
            )
            if line >= 0:
                counted, counts = line + 1, {"'": 0, '"': 0}
            for mark in counts:
                counts[mark] += text.count(mark, counted, match.start())
            counted = match.start()
            if counts[quote] % 2:
                end = val
        out += [text[pos : match.start()], match["pre"], MASK]
        pos = end
    return "".join(out) + text[pos:]


def _userinfo_masked(match: re.Match) -> str:
    """A :data:`_USERINFO` match masked up to its '@'; a stretch it only skipped, kept."""
    return match[0] if match["at"] is None else f"{match['pre']}{MASK}@"


def _port_masked(match: re.Match) -> str:
    """A :data:`_PORT_LIKE` match masked; a scheme-like run it only skipped, kept."""
    return match[0] if match["val"] is None else f"{match['pre']}{MASK}"


def _bare_masked(match: re.Match) -> str:
    """A :data:`_BARE_USERINFO` match masked: its password up to its last '@', but never over a
    URL that ends it (``race:postgresql://u:***@h`` kept whole, its scheme and user shown; in
    ``x:pw@postgresql://u:***@h`` only ``pw`` masked)."""
    run = match["run"]
    if run is None or _MASKED_USER.fullmatch(run):  # no '@'; or 'g:u:***@h', masked already
        return match[0]  # (masking twice read 'g' as the user: 'g:***@h' lost the name 'u')
    url = _URL_AT_END.search(run)
    if url is None or (url["masked"] is None and not _known_scheme(url["scheme"])):
        return f"{match['pre']}{MASK}@"
    head = run[: url.start()]
    if "@" not in head:
        return match[0]
    before, _, after = head.rpartition("@")
    return f"{match['pre']}{MASK}@{after}{run[url.start() :]}"


# a user and an already masked password ('u:***@'): a masked text masked again keeps it
_MASKED_USER = re.compile(rf"[\w.%+~-]+:{re.escape(MASK)}@")


def _known_scheme(scheme: str) -> bool:
    """``scheme`` (``mysql+pymysql``: its dialect before '+') is one a URL is written with."""
    return scheme.lower().partition("+")[0] in _KNOWN_SCHEMES


def remember_url(url) -> None:
    """Mask the secrets of ``url``, a database or store URL the user gave, in every later
    message (:func:`mask_secrets`), whatever their shape."""
    # the mask itself (a URL copied from a report, u:***@h) hides nothing: remembered, it
    # would mask the user name beside every masked password from then on
    values = _unmasked_secrets(url)
    with _LOCK:
        for value in values:
            _GIVEN_SECRETS.pop(value, None)
            _GIVEN_SECRETS[value] = None
        # the oldest go first, never this URL's own (a password with many '@' has many pieces)
        for _ in range(len(_GIVEN_SECRETS) - max(MAX_REMEMBERED, len(values))):
            del _GIVEN_SECRETS[next(iter(_GIVEN_SECRETS))]


def _unmasked_secrets(url) -> list[str]:
    """:func:`secret_values` of ``url`` but the mask itself (``u:***@h``, copied from a report)."""
    return [v for v in secret_values(url) if unquote(v).rpartition(":")[2] != MASK]


def secret_values(url: str) -> list[str]:
    """The literal secrets in ``url`` (raw and URL-decoded), to scrub from any text that echoes
    them — a driver's error message may quote the password without its key."""
    url = url_text(url)  # a zero-width space before the scheme hides no password
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = []
    if parts.password:
        found.append(parts.password)
    for key, value in parse_qsl(parts.query, keep_blank_values=False):
        if re.fullmatch(_SECRET_KEYS, key, re.IGNORECASE) and value:
            found.append(value)
        # a libpq DSN passed whole as one value (?dsn=...): its password keyword
        found += [_bare_value(m.group("val")) for m in _KEY_VALUE.finditer(value)]
    found += [m.group("val") for m in _QUERY_KEY_VALUE.finditer(str(url))]
    for match in _KEY_VALUE.finditer(str(url)):
        # a query's value is read whole above: its first word alone ("the") is no secret
        if str(url)[: match.start()][-1:] not in ("?", "&"):
            found.append(_bare_value(match.group("val")))
    found.extend(_userinfo_secrets(str(url)))
    found.extend(m["val"] for m in _PORT_LIKE.finditer(str(url)) if m["val"] is not None)
    out = set()
    for value in found:
        for form in (value, unquote(value), quote(value, safe=""), quote_plus(value, safe="")):
            if len(form) >= 3:  # a one- or two-character password would mask every such letter
                out.update(_escaped_forms(form))
    return sorted(out, key=len, reverse=True)


def _bare_value(value: str) -> str:
    """A :data:`_KEY_VALUE` value without its quotes, or its ODBC braces ('}}' read as '}')."""
    if value.startswith("{"):
        return value[1:].removesuffix("}").replace("}}", "}")
    return value.strip("'\"")


def _escaped_forms(text: str) -> set[str]:
    """``text`` as a message may spell it: as typed, inside Python's repr (a driver's "host
    'ss\\'wd@h'": '\\' doubled, control and no-break characters escaped, either quote escaped or
    not, whichever the whole string's repr chose), a JSON string, a libpq DSN value or HTML."""
    bases = {
        text,
        text.replace("\\", "\\\\"),
        "".join(c if c in "'\"" else repr(c)[1:-1] for c in text),
    }
    out = {json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1], html.escape(text)}
    for base in bases:
        single = base.replace("'", "\\'")
        out.update((base, single, base.replace('"', '\\"'), single.replace('"', '\\"')))
    return out


def _userinfo_secrets(url: str) -> list[str]:
    """The userinfo of ``url`` read as typed (up to its last '@'), its password, and the
    password's pieces either side of each character a parser may cut it at."""
    match = _URL_USERINFO.match(url) or _BARE_URL_USERINFO.match(url)
    if match is None:
        return []
    password = match.group("info").split(":", 1)[1]
    # not the whole user:password, which masked first would hide the user name as well
    cuts = list(_CUTS.finditer(password))
    pieces = [password, *_CUTS.split(password)]
    if len(cuts) > _MAX_CUTS:
        # every piece of every cut is quadratic (1,000 '@': 6 M characters, 1.6 s; 5,000: 41 s):
        # the whole password and the pieces of its first and last cut are masked instead
        pieces, cuts = [password], [cuts[0], cuts[-1]]
    for cut in cuts:
        # a parser that cuts at the first '@' takes the rest for the host: "host 'ss@h'"
        tail = password[cut.end() :]
        pieces += [password[: cut.start()], tail, f"{tail}@"]
    return pieces


# Characters no one sees that a paste or an editor leaves around a URL: control characters
# (ESC, NUL), format characters (zero-width space U+200B, a byte-order mark, word joiner U+2060,
# direction marks), the Hangul fillers and variation selectors shown as nothing.
_UNSEEN = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0") | frozenset(
    map(chr, (*range(0x180B, 0x1810), *range(0xFE00, 0xFE10)))
)


def _unseen(char: str) -> bool:
    return char.isspace() or char in _UNSEEN or unicodedata.category(char) in ("Cc", "Cf")


def url_text(text) -> str:
    """``text`` without the spaces, control and invisible characters a paste may leave at its
    ends (``"\\u200bpostgresql://u:pw@h/db"``): a URL so disguised is still read as a URL (its
    password masked), never taken for a file name that shows it."""
    text = _plain_text(text)
    start, end = 0, len(text)
    while start < end and _unseen(text[start]):
        start += 1
    while end > start and _unseen(text[end - 1]):
        end -= 1
    return text[start:end]


def url_shaped(text) -> bool:
    """``text`` (spaces and invisible characters around it aside, :func:`url_text`) starts like
    a URL: ``scheme:/`` or ``scheme://``. Nothing is remembered: asked of what a web visitor
    typed, whose words must not be masked in everyone's later messages."""
    return re.match(_URL_START, url_text(text)) is not None


def looks_like_url(text) -> bool:
    """``text`` (spaces and invisible characters around it aside, :func:`url_text`) starts like
    a URL: ``scheme:/`` or ``scheme://``. Asked of a database or store setting: a URL's secrets
    are remembered (:func:`remember_url`)."""
    if not url_shaped(text):
        return False
    remember_url(text)
    return True


def malformed_url(text) -> bool:
    """``text`` looks like a URL but lacks the ``//`` after its scheme (``postgresql:/u@h``)."""
    return looks_like_url(text) and re.match(r"[A-Za-z][A-Za-z0-9+.-]+://", url_text(text)) is None


def mask_typed_url(url) -> str:
    """``url``, typed by a web visitor, masked as :func:`mask_url` masks it, but its secrets
    not remembered: a visitor's URL ('postgresql://u:Fix@h/d') must neither mask a word of
    every later message ('Fix') nor push the server's own remembered secrets out."""
    return _masked_url(_mask_given(_replaced(str(url), _unmasked_secrets(url))))


def scrub(text: str, *urls: str) -> str:
    """``text`` masked by pattern and with every literal secret of ``urls`` (database or store
    URLs, remembered) replaced."""
    for url in urls:
        remember_url(url)
    return mask_secrets(text)


def mask_url(url: str) -> str:
    """A database URL safe to show and store: password, secret query keys and DSN keywords
    masked; host, database, user and non-secret options (e.g. ``sslkey`` paths) kept."""
    # the URL's literal secrets first: a pattern that stops early (a password "pa ss'wd" read
    # as "pa", a port) would leave the rest, which the whole password no longer matches
    remember_url(url)
    return _masked_url(_mask_given(_plain_text(url)))


def _masked_url(text: str) -> str:
    """A URL's text (its literal secrets replaced) with what its patterns show masked; a
    password without its "@host" too: this is a database URL."""
    return _mask_patterns(_PORT_LIKE.sub(_port_masked, text))


# a secret running over quoted strings longer than this: the whole message masked at once
_RUN_ON = 1024
# A string as Python's repr quotes it in a message ("choose one of ['b', \"password='x\"]"):
# after the message's start, a space, a bracket, a comma or ':', and closed before its end,
# a space or punctuation.
_QUOTED = re.compile(
    r"""(?<![^\s(\[{,:])('(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*")(?=$|[\s,.;:)\]}])"""
)


def masked_quotes(text: str, mask) -> str:
    """``mask(text)``; where that masks something, each quoted string of the message (a value,
    a list of choices) and the words between masked alone instead: masked whole, a choice
    named ``password='x`` ran on past its closing quote and ate the choices and words after
    it. Kept only if masking it again changes nothing (no secret cut across two pieces is
    left): else the whole text masked, as before."""
    whole = mask(text)
    if whole == text:
        return whole
    pieces = _QUOTED.split(text)  # the quoted strings at odd places, masked inside their quotes
    shown, words = [], pieces[0]
    for quoted, after in zip(pieces[1::2], pieces[2::2], strict=True):
        masked = mask(words)
        if mask(words + quoted) != masked + mask(quoted):
            # a secret of the words runs into the quote (password="a 'b' c"): kept together
            words += quoted + after
            if len(words) > _RUN_ON:  # many such: masked whole, as before (no quadratic cost)
                return whole
            continue
        shown += [masked, f"{quoted[0]}{mask(quoted[1:-1])}{quoted[-1]}"]
        words = after
    apart = "".join([*shown, mask(words)])
    return apart if mask(apart) == apart else whole
