package deploy

import (
	"context"

	"github.com/zeropsio/zcp/platform"
)

func (d *Deployer) deployLocal(ctx context.Context, p Plan) (*Result, error) {
	return nil, platform.NewError(platform.ErrInternal, "not implemented", "")
}
