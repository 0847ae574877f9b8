# test: ir
def read(path):
    with open(path) as f:
        return f.read()
# ---- expected (BLESS=1 regenerates) ----
# ---- IR read (with_statement.py:2) ----
# function read(path) at with_statement.py:2
# block0:
#     # line 3
#     $0.0 = global open
#     $0.1 = call($0.0, path)
#     del $0.0
#     del path
#     $0.2 = load_special($0.1, method=__exit__)
#     $0.3 = load_special($0.1, method=__enter__)
#     $0.4 = call($0.3, $0.1)
#     del $0.3
#     jump block20($0.2, $0.1, $0.4)
# block20($20.0, $20.1, $20.2) [unwind block47($20.0, $20.1)]:
#     f = $20.2
#     del $20.2
#     # line 4
#     $20.3 = getattr(f, attr=read)
#     del f
#     $20.4 = call($20.3)
#     del $20.3
#     jump block36($20.0, $20.1, $20.4)
# block36($36.0, $36.1, $36.2):
#     # line 3
#     $36.3 = const None
#     $36.4 = const None
#     $36.5 = const None
#     $36.6 = call($36.0, $36.1, $36.3, $36.4, $36.5)
#     del $36.0
#     del $36.1
#     del $36.3
#     del $36.4
#     del $36.5
#     del $36.6
#     return $36.2
# block47($47.0, $47.1) [catch $47.2, $47.3] [unwind block64($47.0, $47.1, $47.2, $47.4)]:
#     $47.4 = exc_info($47.3)
#     $47.5 = with_except_start($47.0, $47.3)
#     $47.6 = bool($47.5)
#     del $47.5
#     branch $47.6, block57($47.0, $47.1, $47.2, $47.4, $47.3), block55($47.0, $47.1, $47.2, $47.4, $47.3)
# block55($55.0, $55.1, $55.2, $55.3, $55.4) [unwind block64($55.0, $55.1, $55.2, $55.3)]:
#     reraise $55.4
# block57($57.0, $57.1, $57.2, $57.3, $57.4) [unwind block64($57.0, $57.1, $57.2, $57.3)]:
#     del $57.4
#     jump block58($57.0, $57.1, $57.2, $57.3)
# block58($58.0, $58.1, $58.2, $58.3):
#     del $58.0
#     del $58.1
#     del $58.2
#     pop_except($58.3)
#     del $58.3
#     $58.4 = const None
#     return $58.4
# block64($64.0, $64.1, $64.2, $64.3) [catch $64.4, $64.5]:
#     del $64.0
#     del $64.1
#     del $64.2
#     del $64.4
#     pop_except($64.3)
#     del $64.3
#     reraise $64.5
