import type { SessionInfo } from '@facet/contract/modules/auth/auth.schema';
import { MASTER_PERMISSION } from '@facet/contract/permissions';
import { Checkbox, Col, Row } from 'antd';

interface PermissionChecklistProps {
  catalogue: SessionInfo['catalogue'];
  /** The editor's own permission keys: nobody grants what they do not hold (all-master holds everything). */
  heldKeys: readonly string[];
  /** Set by Form.Item. */
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/** Every permission of the catalogue as a checkbox, in columns. */
export function PermissionChecklist({ catalogue, heldKeys, value, onChange }: PermissionChecklistProps) {
  const canGrant = (key: string) => heldKeys.includes(MASTER_PERMISSION) || heldKeys.includes(key);
  return (
    <Checkbox.Group value={value} onChange={(ids) => onChange?.(ids as number[])} style={{ width: '100%' }}>
      <Row gutter={[16, 12]}>
        {catalogue.map((permission) => {
          const isGrantable = canGrant(permission.key);
          // `undefined` rather than false when grantable, so a read-only form (the master role) still disables it.
          return (
            <Col key={permission.id} xs={24} sm={12} md={8}>
              <Checkbox
                value={permission.id}
                disabled={isGrantable ? undefined : true}
                title={isGrantable ? undefined : 'You can only grant permissions you hold.'}
              >
                {permission.name}
              </Checkbox>
            </Col>
          );
        })}
      </Row>
    </Checkbox.Group>
  );
}
