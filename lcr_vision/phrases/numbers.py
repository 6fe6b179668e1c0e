"""Numbers in words, as the voice says them: every count spoken at the table, in each language.

A voice reads "5" and "five" alike, but a printed transcript that mixes "I see 5 dice" with "four
dice" reads badly, and Russian needs the number's gender (одну фишку, один кубик) and case.

>>> english(0), english(7), english(21), english(115), english(2040)
('zero', 'seven', 'twenty-one', 'one hundred fifteen', 'two thousand forty')
>>> russian(1, feminine=True), russian(2), russian(22, feminine=True), russian(41)
('одну', 'два', 'двадцать две', 'сорок один')
>>> russian(0), russian(345), russian(2001, feminine=True)
('ноль', 'триста сорок пять', 'две тысячи одну')
"""

from __future__ import annotations

_EN_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
             "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def english(n: int) -> str:
    """``n`` (0 to 999,999; larger as digits) in English words."""
    if not 0 <= n < 1_000_000:
        return str(n)
    if n < 20:
        return _EN_UNITS[n]
    if n < 100:
        tens, unit = divmod(n, 10)
        return _EN_TENS[tens] + (f"-{_EN_UNITS[unit]}" if unit else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_EN_UNITS[hundreds]} hundred" + (f" {english(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return f"{english(thousands)} thousand" + (f" {english(rest)}" if rest else "")


_RU_UNITS = ("ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять",
             "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
             "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать")
_RU_FEMININE = {1: "одну", 2: "две"}  # accusative: передай одну фишку, две фишки
_RU_TENS = ("", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят",
            "восемьдесят", "девяносто")
_RU_HUNDREDS = ("", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот",
                "восемьсот", "девятьсот")


def _russian_below_thousand(n: int, feminine: bool, nominative: bool = False) -> list[str]:
    hundreds, rest = divmod(n, 100)
    words = [_RU_HUNDREDS[hundreds]] if hundreds else []
    tens, unit = divmod(rest, 10) if rest >= 20 else (0, rest)
    if tens:
        words.append(_RU_TENS[tens])
    if unit:
        female = {1: "одна", 2: "две"} if nominative else _RU_FEMININE
        words.append(female[unit] if feminine and unit in female else _RU_UNITS[unit])
    return words


def russian(n: int, feminine: bool = False) -> str:
    """``n`` (0 to 999,999; larger as digits) in Russian words, as the accusative of a count:
    feminine for фишку (одну, две), masculine for кубик and bare numbers."""
    if not 0 <= n < 1_000_000:
        return str(n)
    if n == 0:
        return _RU_UNITS[0]
    thousands, rest = divmod(n, 1000)
    words = []
    if thousands:
        last = thousands % 100
        form = ("тысяча" if last % 10 == 1 and last != 11 else
                "тысячи" if 2 <= last % 10 <= 4 and not 12 <= last <= 14 else "тысяч")
        words += _russian_below_thousand(thousands, feminine=True, nominative=True) + [form]
    return " ".join(words + _russian_below_thousand(rest, feminine))
