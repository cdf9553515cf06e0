"""The web client's static files: looked up in layers, compressed once, kept in memory.

A `FileStore` answers "what are the bytes of `rel`?" from, in order: generated files (the
patched index.html, our manifest...), the app's assets directory, and Flet's bundled web
client. Each file is read and gzip-compressed the first time it is asked for (or ahead of
time by `warm`), then kept: requests never compress anything.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

# Flet registers these too, but only when its static-files module is imported.
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")

#: Formats that are compressed already: gzip would only burn CPU.
INCOMPRESSIBLE = frozenset(
    {".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".woff", ".woff2", ".gz", ".br"}
    | {".zip", ".whl", ".mp3", ".mp4", ".ogg", ".webm", ".riv"}
)
#: Keep a compressed copy only when it saves at least this fraction.
MIN_SAVING = 0.1
GZIP_LEVEL = 9
#: Bigger files that have a compressed copy are not also held uncompressed: the rare
#: client that refuses gzip gets them from disk. Saves ~35 MB (main.dart.wasm/.js...).
HOLD_IDENTITY_MAX = 256 * 1024


@dataclass(frozen=True)
class StaticFile:
    """One servable file: identity bytes, compressed variants and a strong validator."""

    rel: str
    media_type: str
    etag: str  # quoted, strong, from the content
    size: int  # of the identity representation
    identity: bytes | None  # None: read `source` when asked for
    encoded: Mapping[str, bytes] = field(default_factory=dict)
    source: Path | None = None

    def length(self, encoding: str | None) -> int:
        return self.size if encoding is None else len(self.encoded[encoding])

    def on_disk(self, encoding: str | None) -> bool:
        """Whether `body(encoding)` reads the disk."""
        return encoding is None and self.identity is None

    def body(self, encoding: str | None) -> bytes:
        """The bytes of one representation (may read the disk: call off the event loop)."""
        if encoding is not None:
            return self.encoded[encoding]
        if self.identity is not None:
            return self.identity
        assert self.source is not None
        return self.source.read_bytes()

    def etag_for(self, encoding: str | None) -> str:
        """Each representation needs its own ETag (RFC 9110 §8.8.3)."""
        return self.etag if encoding is None else f'{self.etag[:-1]}-{encoding}"'


def media_type_of(rel: str) -> str:
    guessed, _ = mimetypes.guess_type(rel)
    if guessed is None:
        return "application/octet-stream"
    if guessed.startswith("text/") or guessed in ("application/json", "text/javascript"):
        return f"{guessed}; charset=utf-8"
    return guessed


def safe_rel(path: str) -> str | None:
    """`path` as a relative POSIX path inside the web root, or None if it escapes it."""
    parts = PurePosixPath("/" + path).parts[1:]
    if any(part in ("..", ".") or "\\" in part or "\x00" in part for part in parts):
        return None
    return "/".join(parts)


def compress(rel: str, data: bytes) -> dict[str, bytes]:
    """The compressed variants of `data` worth keeping (none for PNGs, fonts...)."""
    if PurePosixPath(rel).suffix.lower() in INCOMPRESSIBLE or len(data) < 256:
        return {}
    gz = gzip.compress(data, GZIP_LEVEL, mtime=0)
    return {"gzip": gz} if len(gz) <= len(data) * (1 - MIN_SAVING) else {}


def make_file(rel: str, data: bytes, source: Path | None = None) -> StaticFile:
    digest = hashlib.blake2b(data, digest_size=12).hexdigest()
    encoded = compress(rel, data)
    hold = source is None or not encoded or len(data) <= HOLD_IDENTITY_MAX
    return StaticFile(
        rel, media_type_of(rel), f'"{digest}"', len(data), data if hold else None, encoded, source
    )


class FileStore:
    """Thread-safe, memoised file lookup over generated files and directory layers."""

    def __init__(self, generated: Mapping[str, bytes], layers: Sequence[Path]) -> None:
        self._generated = dict(generated)
        self._layers = [layer.resolve() for layer in layers]
        self._files: dict[str, StaticFile | None] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def get(self, rel: str) -> StaticFile | None:
        """The file at `rel` (already `safe_rel`), or None. Blocks while compressing."""
        if rel in self._files:
            return self._files[rel]
        with self._guard:
            lock = self._locks.setdefault(rel, threading.Lock())
        with lock:  # two first requests for main.dart.wasm compress it once
            if rel not in self._files:
                self._files[rel] = self._load(rel)
        return self._files[rel]

    def _load(self, rel: str) -> StaticFile | None:
        if rel in self._generated:
            return make_file(rel, self._generated[rel])
        if not rel:
            return None
        for layer in self._layers:
            candidate = (layer / rel).resolve()
            if candidate.is_relative_to(layer) and candidate.is_file():
                return make_file(rel, candidate.read_bytes(), candidate)
        return None

    def warm(self, rels: Iterable[str]) -> threading.Thread:
        """Compress `rels` in a background thread, so the first visitor doesn't wait."""
        todo = list(rels)

        def run() -> None:
            for rel in todo:
                self.get(rel)

        thread = threading.Thread(target=run, name="web-precompress", daemon=True)
        thread.start()
        return thread


def fingerprint(layers: Iterable[Path], extra: Iterable[bytes]) -> str:
    """A short id that changes whenever any served file (or generated text) changes.

    Sizes and modification times stand in for content, so start-up needn't read 80 MB.
    """
    h = hashlib.blake2b(digest_size=6)
    for chunk in extra:
        h.update(hashlib.blake2b(chunk).digest())
    for layer in layers:
        if not layer.is_dir():
            continue
        for path in sorted(layer.rglob("*")):
            if path.is_file():
                stat = path.stat()
                h.update(
                    f"{path.relative_to(layer)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode()
                )
    return h.hexdigest()
