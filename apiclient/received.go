package apiclient

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// ReceivedQuery holds the parameters of the received-resume lists (4.10).
// Zero values are not sent. Without DateEventFrom/To the server lists only
// the last three months.
type ReceivedQuery struct {
	Keywords           string    `form:"keywords,omitempty"`
	IDVac              int64     `form:"id_vac,omitempty"` // received only, not received-by-client
	OrderBy            string    `form:"order_by,omitempty"`
	DateEventFrom      time.Time `form:"-"`
	DateEventTo        time.Time `form:"-"`
	PaymentFrom        int       `form:"payment_from,omitempty"`
	PaymentTo          int       `form:"payment_to,omitempty"`
	PaymentNoAgreement bool      `form:"payment_no_agreement,omitempty"`
	AgeFrom            int       `form:"age_from,omitempty"`
	AgeTo              int       `form:"age_to,omitempty"`
	Type               int       `form:"type,omitempty"`
	Types              []int     `form:"types,omitempty"`
	// Status is 0 inbox, 10 invited, 20 considered, 30 refused; nil for all.
	Status          *int `form:"status,omitempty"`
	TypeOfWork      int  `form:"type_of_work,omitempty"`
	OnlyNewReceived bool `form:"only_new_received,omitempty"`
	// ByClient lists the whole company's responses (received-by-client).
	ByClient bool `form:"-"`
	Page     int  `form:"-"`
	Count    int  `form:"-"`
}

// Types of response of the received lists' type and types filters (4.10).
const (
	TypeAll            = 0 // type only; types has no 0
	TypeByApplicant    = 10
	TypeFromColleague  = 20
	TypeBySubscription = 30
	TypeFoundBySelf    = 40
	TypeCopiedFrom     = 50
)

// Statuses of the received lists (4.10, section 3).
const (
	StatusInbox      = 0
	StatusInvited    = 10
	StatusConsidered = 20
	StatusRefused    = 30
)

func (q ReceivedQuery) values() url.Values {
	v := Encode(q)
	if q.Status != nil {
		v.Set("status", strconv.Itoa(*q.Status)) // 0 is meaningful here
	}
	if !q.DateEventFrom.IsZero() {
		v.Set("date_event_from", strconv.FormatInt(q.DateEventFrom.Unix(), 10))
	}
	if !q.DateEventTo.IsZero() {
		v.Set("date_event_to", strconv.FormatInt(q.DateEventTo.Unix(), 10))
	}
	setPaging(v, q.Page, q.Count)
	return v
}

func setPaging(v url.Values, page, count int) {
	if page > 0 {
		v.Set("page", strconv.Itoa(page))
	}
	if count > 0 {
		v.Set("count", strconv.Itoa(count))
	}
}

// Received returns one page of received resumes: /2.0/resumes/received/,
// or /2.0/resumes/received-by-client/ with ByClient (4.10).
func (c *Client) Received(ctx context.Context, q ReceivedQuery) (Page[ReceivedEntry], error) {
	path := "/2.0/resumes/received/"
	if q.ByClient {
		path = "/2.0/resumes/received-by-client/"
		q.IDVac = 0 // that method has no id_vac
	}
	var p Page[ReceivedEntry]
	err := c.call(ctx, request{method: http.MethodGet, path: path, query: q.values(), auth: true}, &p)
	return p, err
}

// MaxEntities is the most entities one query can reach (section 1, rule 1).
const MaxEntities = 500

// Pager walks every page of a list up to the 500-entity cap.
type Pager[T any] struct {
	fetch  func(ctx context.Context, page, count int) (Page[T], error)
	count  int
	total  int
	seen   int
	capped bool
}

// ErrCapped is what Pager.Err wraps when the 500-entity cap (section 1,
// rule 1) cut a list short: the caller splits the query (by date window
// for received resumes) to reach the rest.
var ErrCapped = errors.New("the list holds more than one query can reach (500 entities); split the query")

// NewPager pages through fetch with count entities a page (max 100).
func NewPager[T any](count int, fetch func(ctx context.Context, page, count int) (Page[T], error)) *Pager[T] {
	if count <= 0 || count > 100 {
		count = 100
	}
	return &Pager[T]{fetch: fetch, count: count}
}

// All yields every entity; it stops at the cap, after which Truncated is true.
func (p *Pager[T]) All(ctx context.Context) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		seen := 0
		p.capped = false
		defer func() { p.seen = seen }()
		for page := 0; ; page++ {
			if (page+1)*p.count > MaxEntities && page*p.count >= MaxEntities {
				break
			}
			pg, err := p.fetch(ctx, page, p.count)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			p.total = pg.Total
			for _, o := range pg.Objects {
				seen++
				if !yield(o, nil) {
					return
				}
			}
			if !pg.More || len(pg.Objects) == 0 {
				break
			}
		}
		p.capped = p.total > seen && seen >= MaxEntities-p.count
	}
}

// Total is the list's total as the server last reported it; it can be far
// above what one query reaches.
func (p *Pager[T]) Total() int { return p.total }

// Truncated reports that the cap cut the list short: split the query (for
// received resumes, by date window) to get the rest.
func (p *Pager[T]) Truncated() bool { return p.capped }

// Err is nil after a complete walk, and wraps ErrCapped (with how many of
// the total were reached) when the cap truncated it.
func (p *Pager[T]) Err() error {
	if !p.capped {
		return nil
	}
	return fmt.Errorf("%w: %d of %d reached", ErrCapped, p.seen, p.total)
}

// AllReceived pages through a received list.
func (c *Client) AllReceived(q ReceivedQuery) *Pager[ReceivedEntry] {
	return NewPager(100, func(ctx context.Context, page, count int) (Page[ReceivedEntry], error) {
		q.Page, q.Count = page, count
		return c.Received(ctx, q)
	})
}
