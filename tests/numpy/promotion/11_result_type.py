import numpy as np
print(np.promote_types(np.int8, np.uint8), np.promote_types('i4', 'f4'), np.promote_types(np.uint64, np.int64), np.promote_types(bool, np.int16))
print(np.result_type(np.arange(3), 1.5), np.result_type(np.int8, np.float32), np.result_type(np.zeros(1, np.float32), np.zeros(1, np.int64)))
