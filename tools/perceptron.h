/* tools/perceptron.h - a linear-chain averaged perceptron over hashed
 * features, for the trainers of make model.
 *
 * Sequences of items (tokens, blocks), each item with up to `stride`
 * feature ids (32-bit hashes) and a gold label.  Training decodes each
 * sequence with Viterbi and moves the weights of the features and
 * transitions it got wrong; the model kept is the average of the weights
 * over all steps.  Integers until the final average, sequences visited in
 * an order from a fixed-seed generator, the file written in a fixed order:
 * the same data gives the same bytes.  The file is the labeller's format
 * (src/cv/model.c), with the caller's label names. */
#ifndef CX_PERCEPTRON_H
#define CX_PERCEPTRON_H

#include <stddef.h>
#include <stdint.h>

#define PC_MAXLAB 32
/* An item's label left open: training learns the best sequence that keeps
 * the labels known (a latent perceptron's target). */
#define PC_UNKNOWN 0xFF

struct pc_seq {
	size_t first, n;   /* items in the data's arrays */
	int group;         /* whose it is (a site), for leaving groups out */
};

struct pc_data {
	size_t stride;     /* feature slots an item */
	uint32_t *feat;    /* stride a item: hashes, then dense indexes */
	uint8_t *nf, *lab;
	size_t n, cap;
	struct pc_seq *seq;
	size_t nseq, capseq;
	uint32_t *keys;    /* after pc_index: the hash of each dense index */
	size_t nkeys;
	/* Sequences from share_from on are visited in one epoch of every
	 * `share` (a large generated set seen in turns); share 0 or 1: all
	 * of them every epoch. */
	size_t share_from, share;
};

/* Room for a sequence of n items; returns the index of its first item,
 * whose features and labels the caller fills. */
size_t pc_add(struct pc_data *d, size_t n, int group);
/* Feature hashes to dense indexes (once, after the last pc_add). */
void pc_index(struct pc_data *d);
void pc_free(struct pc_data *d);

struct pc_model {
	int nlab;
	size_t nfeat;
	int32_t *w;        /* nfeat x nlab */
	int64_t *u;        /* step-weighted updates, for the average */
	int32_t tw[(PC_MAXLAB + 1) * PC_MAXLAB];
	int64_t tu[(PC_MAXLAB + 1) * PC_MAXLAB];
	int64_t c;
};

/* The best labels of n items by Viterbi: item i has nf[i] feature indexes
 * at feat + i * stride, weighted by w (a row of nlab a feature), and the
 * transitions tw ((nlab + 1) x nlab, row 0 from the start); with fix, the
 * best that keeps label fix[i] wherever it is not PC_UNKNOWN.  Ties go to
 * the lower label.  sc: scratch room for 3 * n * nlab int64_t. */
void pc_viterbi(int nlab, const int32_t *w, const int32_t *tw, const uint32_t *feat, size_t stride,
                const uint8_t *nf, size_t n, const uint8_t *fix, uint8_t *out, int64_t *sc);
/* Train on the sequences whose group is not `leave_out` (-1: all). */
void pc_train(struct pc_model *m, const struct pc_data *d, int nlab, int epochs, int leave_out, const char *who);
/* The averaged weights (times 64, rounded) into w (nfeat x nlab) and tw. */
void pc_average(const struct pc_model *m, int32_t *w, int32_t *tw);
/* Decode one sequence of the data with the averaged weights of m. */
void pc_predict(const struct pc_model *m, const struct pc_data *d, const struct pc_seq *q, uint8_t *out);
/* Write the averaged model; weights under prune (in 1/64ths) left out. */
void pc_write(const struct pc_model *m, const struct pc_data *d, const char *const *names, const char *path,
              int32_t prune, const char *who);
void pc_model_free(struct pc_model *m);

#endif
