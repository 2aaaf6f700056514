"""The networks of the Ethos-U65 corpus: (name, description, builder(name, seed) -> Graph).

Each builder makes one small quantised network with ethosu_corpus_ops.Net. Together
they cover every kernel operation the twin executes (issue 25, point 1).
"""

from ethosu_corpus_ops import Net


def _conv_3x3_relu(name, seed):
    n = Net(name, seed)
    x = n.input([1, 8, 8, 8])
    n.output(n.conv(x, 16, (3, 3), act="relu"))
    return n.g


NETWORKS = [
    ("conv_3x3_relu", "CONV_2D 3x3 stride 1 SAME, 8->16 channels, fused RELU", _conv_3x3_relu),
]
