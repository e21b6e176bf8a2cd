"""`spark-submit` runs a script, not a module: this is `python -m linkdoc.spark` for it.

    spark-submit --py-files linkdoc.zip Integrations/python/spark_submit.py INPUT OUTPUT [--manifest FILE] …
"""
import sys

from linkdoc.spark import main

sys.exit(main())
