# unittest: run a TestCase via TextTestRunner into a StringIO and report the results on stdout.
import io
import unittest


def is_prime(n):
    if n < 2:
        return False
    return all(n % d for d in range(2, int(n ** 0.5) + 1))


class PrimeTests(unittest.TestCase):
    def setUp(self):
        self.primes = [2, 3, 5, 7, 11, 13]

    def test_known_primes(self):
        for p in self.primes:
            with self.subTest(p=p):
                self.assertTrue(is_prime(p))

    def test_composites(self):
        self.assertFalse(is_prime(9))
        self.assertEqual([n for n in range(20) if is_prime(n)], [2, 3, 5, 7, 11, 13, 17, 19])

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError):
            1 / 0

    def test_deliberate_failure(self):
        self.assertEqual(is_prime(1), True)

    def test_deliberate_error(self):
        {}["missing"]

    @unittest.skip("not ready")
    def test_skipped(self):
        pass

    @unittest.expectedFailure
    def test_expected_failure(self):
        self.assertIn(4, self.primes)

    def test_assertions(self):
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertIsNone(None)
        self.assertIsInstance(3, int)
        self.assertCountEqual([1, 2, 2], [2, 1, 2])
        self.assertGreater(5, 3)
        self.assertRegex("hello world", r"w\w+")


loader = unittest.TestLoader()
suite = loader.loadTestsFromTestCase(PrimeTests)
print("tests found:", suite.countTestCases())
print(sorted(loader.getTestCaseNames(PrimeTests)))
stream = io.StringIO()
result = unittest.TextTestRunner(stream=stream, verbosity=2).run(suite)
print("testsRun:", result.testsRun)
print("failures:", len(result.failures), [t.id().split(".")[-1] for t, _ in result.failures])
print("errors:", len(result.errors), [t.id().split(".")[-1] for t, _ in result.errors])
print("skipped:", [(t.id().split(".")[-1], reason) for t, reason in result.skipped])
print("expected failures:", len(result.expectedFailures), "unexpected successes:", len(result.unexpectedSuccesses))
print("wasSuccessful:", result.wasSuccessful())
print("failure mentions AssertionError:", "AssertionError" in result.failures[0][1])
print("error mentions KeyError:", "KeyError" in result.errors[0][1])
print("stream has output:", len(stream.getvalue()) > 0)


class Passing(unittest.TestCase):
    def test_one(self):
        self.assertEqual(sum([1, 2, 3]), 6)


ok = unittest.TextTestRunner(stream=io.StringIO()).run(loader.loadTestsFromTestCase(Passing))
print(ok.testsRun, len(ok.failures), len(ok.errors), ok.wasSuccessful())
