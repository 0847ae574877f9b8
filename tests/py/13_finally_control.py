# finally interacting with return/break/continue in the try body (see 62_ for return inside finally).


def returns_in_try(log):
    try:
        log.append("try")
        return "from try"
    finally:
        log.append("finally")


def loop_with_break():
    out = []
    for i in range(5):
        try:
            if i == 3:
                break
            if i == 1:
                continue
            out.append(i)
        finally:
            out.append(f"f{i}")
    else:
        out.append("no-break")
    return out


def finally_sees_exception():
    steps = []
    try:
        try:
            steps.append("raise")
            raise ValueError("boom")
        finally:
            steps.append("inner finally")
    except ValueError:
        steps.append("handled")
    return steps


def return_value_mutated():
    data = [1]
    try:
        return data
    finally:
        data.append(2)


def nested_finally():
    order = []
    try:
        try:
            order.append(1)
            return order
        finally:
            order.append(2)
    finally:
        order.append(3)


log = []
print(returns_in_try(log), log)
print(loop_with_break())
print(finally_sees_exception())
print(return_value_mutated())
print(nested_finally())
count = 0
while True:
    try:
        count += 1
        if count >= 3:
            break
    finally:
        print("while finally", count)
print("done", count)
