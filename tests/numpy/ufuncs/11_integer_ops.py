# Integer floor division and remainder with negative operands, shifts, bitwise ops.
import numpy as np
a = np.array([-7, -3, 0, 3, 7])
b = np.array([2, -2, 3, -3, 4])
print(a // b, a % b, np.floor_divide(a, 3), np.remainder(a, -3), np.mod(a, 5))
print(np.left_shift(np.array([1, 3, 5]), 2), np.right_shift(np.array([-16, 16, 255]), 3))
print(np.bitwise_and(a, 6), np.bitwise_or(a, 1), np.bitwise_xor(a, -1), np.invert(np.array([0, 1, -1])))
print(np.array([7], dtype=np.uint8) // 2, np.array([200], dtype=np.uint8) + np.array([100], dtype=np.uint8))
print(np.fmax(np.array([1.0, np.nan, 3.0]), np.array([np.nan, 2.0, 1.0])), np.fmin(np.array([1.0, np.nan]), np.array([0.0, 5.0])))
