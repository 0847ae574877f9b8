import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a + np.arange(4))
print(a * np.arange(3).reshape(3, 1))
print((a - np.arange(2).reshape(2, 1, 1))[1])
print(a[:, ::2, ::-1] + a[:, 1:, :][:, ::1, ::-1][:, :2])
