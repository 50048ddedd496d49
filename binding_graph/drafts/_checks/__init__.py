"""The checks every producer's draft meets, whatever wrote it, and the graph a draft that passes them all becomes.

A producer's reply is read as a draft: its shape (:mod:`.shape`), each
value (:mod:`.fields`), each element as far as it has been read
(:mod:`.element`) against the problem's text (:mod:`.text`), the units of
its steps (:mod:`.units`), all of it driven by :mod:`.engine`, which tells
each refusal as soon as what has been read makes it certain; :mod:`.build`
makes the graph. :mod:`.format` holds the draft's keys and version.
"""
