"""Writing a file without losing what was there: every file the package writes (an exported
page, a turn's animation or handout, a puzzle set, a game record, a study's results) goes
through :func:`write_file`, which writes a temporary file beside the target and moves it
into place only once it is whole. A write that fails -- a full disk, a folder that cannot be
written, text that cannot be encoded -- leaves an existing file as it was and no temporary
file behind, and is a :class:`~finstere_widget.engine.errors.FileError` naming the path.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Any

from .errors import FileError, shown

#: what UTF-8 cannot carry: a lone surrogate (text from a JSON ``\\ud800`` escape, a file
#: name read with ``surrogateescape``) is written as U+FFFD
_SURROGATE = re.compile("[\ud800-\udfff]")


def utf8(text: str) -> bytes:
    """``text`` as UTF-8, every lone surrogate (which UTF-8 cannot carry) as U+FFFD."""
    return _SURROGATE.sub("\ufffd", text).encode("utf-8")


def file_path(path: Any) -> str:
    """``path`` (a ``str`` or an ``os.PathLike`` of one) as a ``str``, checked: anything
    else, an empty name or a NUL character is a :class:`FileError` naming it."""
    try:
        text = os.fspath(path)
    except TypeError:
        raise FileError(
            "{path}: expected a file path (text or a pathlib.Path)", path=shown(path)
        ) from None
    if not isinstance(text, str) or not text or "\0" in text:
        raise FileError("{path}: expected a file path (text or a pathlib.Path)", path=shown(path))
    try:
        os.fsencode(text)
    except UnicodeError:  # a lone surrogate the file system's encoding has no bytes for
        raise FileError(
            "{path}: the file system cannot write this name", path=shown(path)
        ) from None
    return text


def write_file(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8, lone surrogates as U+FFFD; or bytes) to ``path``
    whole or not at all: into a temporary file in the same folder, then moved into place
    (an existing file keeps its permissions). A device or a pipe (``/dev/stdout``) is
    written directly: there is no file to keep. Returns ``Path(path)``. Anything that
    stops the write is a :class:`FileError` naming the path and the reason; the file that
    was there is unchanged and the temporary file removed."""
    name = file_path(path)
    if isinstance(data, str):
        payload = utf8(data)
    elif isinstance(data, (bytes, bytearray, memoryview)):
        payload = bytes(data)
    else:
        raise FileError(
            "{path}: expected text or bytes to write, got {data}",
            path=shown(name),
            data=shown(data),
        )
    try:
        mode: int | None = os.stat(name).st_mode  # a symbolic link: the file it points to
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise FileError("{path}: cannot write: it is a folder", path=shown(name))
    if mode is not None and not os.access(name, os.W_OK):  # read-only: kept so, as open() would
        raise FileError(
            "{path}: cannot write: {reason}", path=shown(name), reason=os.strerror(errno.EACCES)
        )
    try:
        if mode is not None and not stat.S_ISREG(mode):
            with open(name, "wb") as fp:  # a device or a pipe: no file to replace
                fp.write(payload)
        else:
            target = os.path.realpath(name)
            folder = os.path.dirname(target)
            if not os.path.isdir(folder):
                raise FileError("{path}: cannot write: no such folder", path=shown(name))
            _replace(target, folder, payload, mode)
    except OSError as exc:
        if isinstance(exc, FileError):
            raise
        raise FileError(
            "{path}: cannot write: {reason}",
            path=shown(name),
            reason=exc.strerror or type(exc).__name__,
        ) from None
    return Path(name)


def _replace(target: str, folder: str, payload: bytes, mode: int | None) -> None:
    """Write ``payload`` to a new file in ``folder`` and move it onto ``target``."""
    temporary = os.path.join(folder, f".finstere-{secrets.token_hex(6)}.tmp")
    # 0o666 less the umask, as open() makes a new file; an existing file's own mode is kept
    fd = os.open(
        temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666
    )
    try:
        with os.fdopen(fd, "wb") as fp:
            fp.write(payload)
            fp.flush()
            os.fsync(fp.fileno())
        if mode is not None:
            os.chmod(temporary, stat.S_IMODE(mode))
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


__all__ = ["file_path", "utf8", "write_file"]
