"""The languages lcr-vision speaks and writes, by code: the base both the phrasebook (their
words) and the ledger (a session's language, checked as its journal is read) stand on."""

LANGUAGES: tuple[str, ...] = ("en", "ru")
