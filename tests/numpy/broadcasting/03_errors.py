import numpy as np
for x, y in [(np.zeros(3), np.zeros(4)), (np.zeros((2, 3)), np.zeros(2)), (np.zeros((2, 3)), np.zeros((3, 2))), (np.zeros((4, 1, 3)), np.zeros((2, 2)))]:
    try:
        x + y
    except ValueError as e:
        print(e)
