"""Every sentence lcr-vision says, prints or writes for a person, rendered from values.

One owner per sentence: the rules, the ledger and the table hand over values (moves, settlements,
a `Said` key with its fields) and this package turns them into words. A refusal's English, as the
command line prints it, is the one exception: it lives with `Said` in the base
(`lcr_vision.errors`), so that the rules raise it without importing this package.

- `language`: what a language is (number words, noun forms, templates, face names) and how a
  template is filled: ``{chips:chip}`` counts a noun, ``{game}`` spells a bare number, a `Said`
  field is rendered in turn.
- `en`, `ru`: the words of English and Russian, every template of both in one table each.
- `numbers`: numbers in words, the one place they are written.
- `spoken`: the `Phrasebook` the voice uses, in either language: a book per topic, short
  sentences from move values, on `book`'s `Book` (a table's players and language, a template
  filled): `rolls` (whose turn, what was read), `chips` (what a roll moves, the standings and
  odds), `corrections` (a roll corrected, the chips handed back), `sitting` (games opening, the
  dice learnt, a session resumed, the demo's end).
- `written`: the fuller English the screen, the ledger and the review page print.
- `record`: a session's written record (ledger, review page, amend) in its language: English
  from `written`, Russian from its ``rec_`` templates.
- `usage`: the command line's own words (argparse's messages, the family's help) per language,
  Russian from `ru_usage`.
- `calibration`: the calibration's sentences (English only, as spoken there today).

The package imports nothing from the rest of lcr-vision but the base and the rules' values, and
nothing below it imports it, so the rules stay free of prose and of any language.
"""
