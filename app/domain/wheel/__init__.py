"""The pieces of the Wheel of Fate rule system (Robert & Deborah Donoghue).

Pure domain code: d6 pools (``dice``), character sheets and their guided creation
(``sheet``, ``creation``), fate points and the Bowl (``fate``), rolls (``rolling``,
``rolls``), helping, contests and stress (``helping``, ``contest``, ``exchange``,
``stress``), GM-side characters (``npcs``) and what each viewer sees (``view``).
The rule system itself is ``app.domain.rules.wheel_of_fate``.
"""
