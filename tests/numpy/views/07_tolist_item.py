import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.tolist(), type(a.tolist()[0][0]))
f = np.array([1.5, 2.5])
print(f.tolist(), type(f.tolist()[0]))
print(np.array([True]).tolist(), np.array(3).tolist(), np.array(2.5).item())
print(a.item(4), type(a.item(4)), a[1].tolist())
print(np.array([[1.0]]).item())
